import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * chrono-node and JavaScript Dates compute in the host's zone. The extractor is meant not to
 * depend on it: the same messages are understood in child processes whose TZ differs (two
 * southern-hemisphere zones, a US zone with its own DST dates, UTC) and the answers must match.
 */
const HOST_ZONES = ['UTC', 'Pacific/Auckland', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Kolkata'];
const root = resolve(__dirname, '../..');
const probe = resolve(__dirname, 'fixtures/host-zone-probe.ts');

interface ProbeOutput {
  tz: string;
  offsetMinutes: number;
  out: Array<{ text: string; dueAt: string | null; dueLocal?: string; subject: string; zone?: string }>;
}

function run(tz: string): ProbeOutput {
  const child = spawnSync(process.execPath, ['--import', 'tsx', probe], {
    cwd: root,
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
    timeout: 60000,
  });
  if (child.status !== 0) throw new Error(`probe failed under TZ=${tz}: ${child.stderr}`);
  return JSON.parse(child.stdout) as ProbeOutput;
}

describe('host time zone does not change the answers', () => {
  const runs = HOST_ZONES.map(run);

  it('really ran under different host zones', () => {
    expect(runs.map((r) => r.tz)).toEqual(HOST_ZONES);
    expect(new Set(runs.map((r) => r.offsetMinutes)).size).toBeGreaterThanOrEqual(4);
  });

  it('gives identical results in every host zone', () => {
    for (const r of runs.slice(1)) expect(r.out).toEqual(runs[0].out);
  });

  it('gets the DST cases right whatever the host', () => {
    const byText = new Map(runs[2].out.map((o) => [o.text, o]));
    expect(byText.get('remind me at 2:30am to check the backup')).toMatchObject({ dueLocal: '2026-03-08T03:30' });
    expect(byText.get('remind me tomorrow at 2:30 to water')).toMatchObject({ dueLocal: '2026-03-08T03:30' });
    expect(byText.get('rappelle-moi à 2h30 de lancer la sauvegarde')).toMatchObject({ dueLocal: '2026-03-29T03:30' });
    // Auckland leaves DST at 03:00 on 5 April 2026: two real hours after 01:30 NZDT is 02:30 NZST.
    expect(byText.get('remind me in 2 hours to call')).toMatchObject({ dueAt: '2026-04-04T14:30:00.000Z', dueLocal: '2026-04-05T02:30' });
    expect(byText.get('remind me tomorrow at 2:30am to stretch')).toMatchObject({ dueLocal: '2026-09-27T03:30' });
  });
});
