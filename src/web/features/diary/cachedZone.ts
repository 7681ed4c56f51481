/**
 * The clinic's IANA zone with its offsets remembered per hour. Luxon asks an IANA zone for its
 * offset through Intl (formatToParts) on every conversion, and the calendar converts thousands of
 * times a render (each event against each day, slot and column): a week of 150 appointments spent
 * ≈ 700 ms of its ≈ 1,400 ms there. An hour whose first and last millisecond have the same offset
 * has it throughout (a zone changes its offset a few times a year at most); the hour of a change
 * is asked of Intl each time, so DST days stay exact.
 */
import { IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';

const HOUR_MS = 3_600_000;
/** Marks an hour that holds a change of offset: not cached. */
const CHANGES = Number.NaN;

export class CachedZone extends Zone {
  readonly #zone: IANAZone;
  readonly #hours = new Map<number, number>();

  constructor(name: string) {
    super();
    this.#zone = IANAZone.create(name);
  }

  override get type() {
    return this.#zone.type;
  }

  override get name() {
    return this.#zone.name;
  }

  override get isUniversal() {
    return false;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions) {
    return this.#zone.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat) {
    return this.#zone.formatOffset(ts, format);
  }

  override offset(ts: number): number {
    const hour = Math.floor(ts / HOUR_MS);
    let known = this.#hours.get(hour);
    if (known === undefined) {
      const first = this.#zone.offset(hour * HOUR_MS);
      known = first === this.#zone.offset((hour + 1) * HOUR_MS - 1) ? first : CHANGES;
      this.#hours.set(hour, known);
    }
    return Number.isNaN(known) ? this.#zone.offset(ts) : known;
  }

  override equals(other: Zone): boolean {
    return this.#zone.equals(other);
  }

  override get isValid() {
    return this.#zone.isValid;
  }
}
