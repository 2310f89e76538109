// The calendar page's application: toolbar, filters, the calendar, its status line, the subscribe link and the event
// dialog, with what is shown kept in the page address.
import { Component, type RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Calendar } from '@fullcalendar/core';
import type { CalendarBoot } from '../../src/web/common/calendarBoot.ts';
import type { WireEvent } from '../../src/web/common/eventText.ts';
import { wordsFor } from '../../src/web/common/pageWords.ts';
import { EventDetails } from './EventDetails.tsx';
import { FilterForm } from './FilterForm.tsx';
import { markPage, StatusLine, type LoadStatus } from './StatusLine.tsx';
import { calendarEvent, createCalendar, fullCalendarViews } from './fullCalendar.ts';
import { LoadError, loadEvents, type Period } from './eventLoader.ts';
import {
  filterParams,
  readState,
  siteNow,
  stateQuery,
  viewNames,
  type Filters,
  type PageState,
} from './pageAddress.ts';
import { updateLanguageLinks } from './languageLinks.ts';

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

export function App({ boot }: { readonly boot: CalendarBoot }) {
  const words = wordsFor(boot.language);
  const clock = useRef(siteNow(boot.siteTimeZone)).current;
  const [state, setState] = useState<PageState>(() => readState(location.search, clock.today));
  const [title, setTitle] = useState('');
  const [status, setShownStatus] = useState<LoadStatus>({ kind: 'loading', loaded: 0 });
  const setStatus = (next: LoadStatus) => {
    markPage(next);
    setShownStatus(next);
  };
  const [selected, setSelected] = useState<{ event: WireEvent; opener: HTMLElement } | undefined>();
  const container = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar>();
  const current = useRef(state);
  const loading = useRef<AbortController>();
  const local = (url: string) => (url.startsWith(`${boot.publicBase}/`) ? url.slice(boot.publicBase.length) : url);
  const fixed = boot.fixed ? { [boot.fixed.param]: String(boot.fixed.id) } : {};

  const show = (next: PageState, how: 'push' | 'replace' | 'none') => {
    current.current = next;
    setState(next);
    const address = `${location.pathname}${stateQuery(next, clock.today)}`;
    if (how === 'push' && address !== `${location.pathname}${location.search}`) history.pushState(null, '', address);
    if (how === 'replace') history.replaceState(null, '', address);
    if (!boot.fixed) updateLanguageLinks(next, clock.today);
  };

  const load = (period: Period, filters: Filters) => {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    const target = calendar.current;
    if (!target) return;
    for (const source of target.getEventSources()) source.remove();
    setStatus({ kind: 'loading', loaded: 0 });
    // The first page shows at once; later ones are handed to the calendar together, a few times a second: each
    // hand-over
    // redraws the view, which a thousand events make slow.
    const pending: WireEvent[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let shown = 0;
    const flush = () => {
      flushTimer = undefined;
      if (controller.signal.aborted || pending.length === 0) return;
      target.addEventSource(pending.splice(0).map(calendarEvent));
    };
    let loaded = 0;
    loadEvents(boot.apiRoot, period, { ...filterParams(filters), ...fixed }, controller.signal, (events, found) => {
      if (controller.signal.aborted) return;
      pending.push(...events);
      loaded += events.length;
      if (shown++ === 0) flush();
      else flushTimer ??= setTimeout(flush, 400);
      setStatus({ kind: 'loading', loaded, total: found });
    })
      .then((total) => {
        if (controller.signal.aborted) return;
        clearTimeout(flushTimer);
        flush();
        setStatus({ kind: 'done', total });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus({ kind: 'failed', failure: error instanceof LoadError ? error.failure : 'failed' });
      });
  };

  const periodOf = (target: Calendar): Period => ({
    start: isoDay(target.view.activeStart),
    end: isoDay(target.view.activeEnd),
  });

  useEffect(() => {
    let created: Calendar | undefined;
    const onBack = () => {
      const next = readState(location.search, clock.today);
      show(next, 'none');
      created?.changeView(fullCalendarViews[next.view], next.date);
    };
    // The calendar component renders with the same Preact as this application: started from inside a commit, its
    // synchronous rendering would run this application's render queue re-entrantly.
    const start = setTimeout(() => {
      if (!container.current) return;
      created = createCalendar(container.current, {
        language: boot.language,
        words,
        siteTimeZone: boot.siteTimeZone,
        view: state.view,
        date: state.date,
        now: clock.wallClock,
        onPeriod: (target) => {
          setTitle(target.view.title);
          const date = isoDay(target.getDate());
          const next = { ...current.current, date };
          show(next, date === current.current.date ? 'none' : 'push');
          load(periodOf(target), next);
        },
        onEvent: (event, opener) => setSelected({ event, opener }),
      });
      calendar.current = created;
      created.render();
      addEventListener('popstate', onBack);
    });
    return () => {
      clearTimeout(start);
      removeEventListener('popstate', onBack);
      loading.current?.abort();
      created?.destroy();
    };
  }, []);

  const changeFilters = (filters: Filters) => {
    const next = { ...current.current, ...filters };
    show(next, 'push');
    if (calendar.current) load(periodOf(calendar.current), next);
  };
  const changeView = (view: PageState['view']) => {
    show({ ...current.current, view }, 'push');
    calendar.current?.changeView(fullCalendarViews[view]);
  };
  const subscribe = `${boot.apiRoot}/events.ics${queryOf({ ...filterParams(state), ...fixed })}`;

  return (
    <>
      <FilterForm
        apiRoot={boot.apiRoot}
        words={words}
        filters={state}
        fixedParam={boot.fixed?.param}
        onChange={changeFilters}
      />
      <div class="calendar-toolbar">
        <div class="period-buttons">
          <button type="button" onClick={() => calendar.current?.prev()}>
            <span aria-hidden="true">‹ </span>
            {words.previous}
          </button>
          <button type="button" onClick={() => calendar.current?.gotoDate(clock.today)}>
            {words.today}
          </button>
          <button type="button" onClick={() => calendar.current?.next()}>
            {words.next}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
        <h2 class="period-title" aria-live="polite">
          {title}
        </h2>
        <div class="view-buttons" role="group" aria-label={words.views}>
          {viewNames.map((view) => (
            <button type="button" key={view} aria-pressed={state.view === view} onClick={() => changeView(view)}>
              {words[view]}
            </button>
          ))}
        </div>
      </div>
      <StatusLine
        status={status}
        words={words}
        onClear={() => changeFilters({ search: '', category: '', tag: '', venue: '', organizer: '' })}
      />
      <CalendarHost host={container} />
      <p class="subscribe">
        <a href={subscribe}>{words.subscribe}</a>
      </p>
      {selected && (
        <EventDetails
          event={selected.event}
          language={boot.language}
          words={words}
          local={local}
          onClose={() => {
            selected.opener.focus();
            setSelected(undefined);
          }}
        />
      )}
    </>
  );
}

/** The calendar component's element: rendered once, then left to the component (never diffed again). */
class CalendarHost extends Component<{ readonly host: RefObject<HTMLDivElement> }> {
  override shouldComponentUpdate(): boolean {
    return false;
  }
  override render() {
    return <div ref={this.props.host} class="calendar-view" />;
  }
}

const queryOf = (params: Record<string, string>): string => {
  const text = new URLSearchParams(params).toString();
  return text === '' ? '' : `?${text}`;
};
