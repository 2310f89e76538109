// Entry of the calendar page's script: reads what the server handed over and mounts the application.
import { render } from 'preact';
import { calendarBootId, type CalendarBoot } from '../../src/web/common/calendarBoot.ts';
import { App } from './App.tsx';
import './calendar.css';

const boot = JSON.parse(document.getElementById(calendarBootId)?.textContent ?? '{}') as CalendarBoot;
const root = document.getElementById('calendar-app');
if (root) {
  root.textContent = '';
  render(<App boot={boot} />, root);
}
