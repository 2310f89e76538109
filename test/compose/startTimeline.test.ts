// Specifies the start timeline the service logs once it serves: milliseconds since the process started at each step.
import { expect } from 'chai';
import { StartTimeline } from '../../src/compose/startTimeline.ts';

describe('start timeline', () => {
  it('keeps each step at the time it was marked, rounded, in the order marked', () => {
    const readings = [812.4, 2950.6, 2951.2, 3104.9, 3105];
    const timeline = new StartTimeline(() => readings.shift() as number);
    timeline.mark('modulesLoaded');
    timeline.mark('storesOpened');
    timeline.mark('projectionStarted');
    timeline.mark('apiStarted');
    timeline.mark('serving');
    expect(timeline.steps).to.deep.equal({
      modulesLoaded: 812,
      storesOpened: 2951,
      projectionStarted: 2951,
      apiStarted: 3105,
      serving: 3105,
    });
    expect(Object.keys(timeline.steps)).to.deep.equal([
      'modulesLoaded',
      'storesOpened',
      'projectionStarted',
      'apiStarted',
      'serving',
    ]);
  });

  it('counts from the process start by default (performance.now)', () => {
    const timeline = new StartTimeline();
    timeline.mark('modulesLoaded');
    const at = timeline.steps.modulesLoaded as number;
    expect(at).to.be.within(0, Math.ceil(performance.now()));
  });
});
