import { describe, expect, it } from 'vitest';
import { paramsFromSearch, searchFromParams, toReportQuery } from './query-url.ts';

const today = new Date(2026, 10, 21);
const queueId = '3f1c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a69';
const userId = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

describe('a report in the URL', () => {
  it('reads the period, the grouping and the filters', () => {
    expect(
      paramsFromSearch(
        `from=2026-10-01&to=2026-10-31&groupBy=agent&queueId=${queueId}&userId=${userId}`,
        today,
      ),
    ).toEqual({ from: '2026-10-01', to: '2026-10-31', groupBy: 'agent', queueId, userId });
  });

  it('defaults to the last 7 days by day', () => {
    expect(paramsFromSearch('', today)).toEqual({ from: '2026-11-15', to: '2026-11-21', groupBy: 'day' });
    expect(paramsFromSearch('?groupBy=hour', today)).toEqual({
      from: '2026-11-15',
      to: '2026-11-21',
      groupBy: 'hour',
    });
  });

  it('never keeps half a period, an unknown grouping or a filter that is not an id', () => {
    expect(paramsFromSearch('from=2026-10-01&to=soon&groupBy=planet&tagId=1%20OR%201', today)).toEqual({
      from: '2026-11-15',
      to: '2026-11-21',
      groupBy: 'day',
    });
  });

  it('keeps a period the API would refuse, so the page can say why', () => {
    expect(paramsFromSearch('from=2026-11-21&to=2026-11-01', today)).toMatchObject({
      from: '2026-11-21',
      to: '2026-11-01',
    });
  });

  it('writes the search string in a fixed order and reads back the same report', () => {
    const params = { from: '2026-10-01', to: '2026-10-31', groupBy: 'queue' as const, tagId: queueId };
    const search = searchFromParams(params);
    expect(search).toBe(`from=2026-10-01&to=2026-10-31&groupBy=queue&tagId=${queueId}`);
    expect(paramsFromSearch(search, today)).toEqual(params);
  });

  it('asks the API for the filters set and nothing else', () => {
    expect(
      toReportQuery({ from: '2026-10-01', to: '2026-10-02', groupBy: 'tag', queueId, userId: '' }),
    ).toEqual({ from: '2026-10-01', to: '2026-10-02', groupBy: 'tag', queueId });
  });
});
