import { IANAZone, Zone, ZoneOffsetFormat, ZoneOffsetOptions } from 'luxon';

/**
 * An IANA zone whose UTC offsets are remembered. Luxon asks Intl for the offset of every instant
 * it builds (formatToParts, the single most costly call of an extraction); a zone's offset only
 * changes at its transitions, which fall on quarter-hour boundaries of UTC, so the offset of a
 * quarter hour is the offset of every instant in it and can be kept. Results are the same as
 * with the plain zone; only the cost changes.
 */
class RememberingZone extends Zone {
  private readonly offsets = new Map<number, number>();

  constructor(private readonly inner: IANAZone) {
    super();
  }

  get type(): string {
    return 'iana';
  }

  get name(): string {
    return this.inner.name;
  }

  get ianaName(): string {
    return this.inner.name;
  }

  get isUniversal(): boolean {
    return false;
  }

  get isValid(): boolean {
    return this.inner.isValid;
  }

  offsetName(ts: number, opts: ZoneOffsetOptions): string | null {
    return this.inner.offsetName(ts, opts);
  }

  formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.inner.formatOffset(ts, format);
  }

  offset(ts: number): number {
    const key = Math.floor(ts / QUARTER_HOUR);
    let v = this.offsets.get(key);
    if (v === undefined) {
      v = this.inner.offset(ts);
      // Bounded: a long-running process sees many instants; a fresh map costs a few lookups.
      if (this.offsets.size >= MAX_REMEMBERED) this.offsets.clear();
      this.offsets.set(key, v);
    }
    return v;
  }

  equals(other: Zone): boolean {
    return other.type === 'iana' && other.name === this.name;
  }
}

const QUARTER_HOUR = 15 * 60 * 1000;
const MAX_REMEMBERED = 4096;
const zones = new Map<string, Zone>();

/** The zone of this IANA name for Luxon computations (an invalid name gives an invalid zone). */
export function zoneNamed(name: string): Zone {
  let z = zones.get(name);
  if (!z) {
    const inner = IANAZone.create(name);
    z = inner.isValid ? new RememberingZone(inner) : inner;
    if (zones.size < 1024) zones.set(name, z);
  }
  return z;
}
