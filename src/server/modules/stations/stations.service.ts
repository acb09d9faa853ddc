import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as toCsv } from 'csv-stringify/sync';
import type { PublicAd } from '../../../shared/ads.js';
import {
  AIRINGS_PER_BATCH,
  AiringInput,
  stationMessages,
  type Airing,
  type AiringPage,
  type AiringsCsvResult,
  type AiringsPosted,
  type PublicStation,
  type Station,
  type StationPage,
  type StationDay,
  type StationDayQuery,
  type StationInput,
} from '../../../shared/stations.js';
import { localParts } from '../../../shared/zoned-time.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { PublicCache } from '../../public-cache.js';
import { BadRequestError, ConflictError, issueMessage, NotFoundError } from '../../errors.js';
import { createUploader, type ReceivedFile } from '../media/upload.js';
import { decodeCursor, isInstantKey, toPage } from '../../paging.js';
import type { PageQuery } from '../../../shared/paging.js';
import { toStation, type NewAiringRow, type StationRow, type StationsRepository } from './stations.repository.js';

/** What an airing lasts when the log does not say: the ad's own length, else a common spot's. */
const DEFAULT_SPOT_MS = 30_000;
/** Airings a partner's station list and an advertiser's Airings view show. */
const RECENT_OF_STATION = 50;
const AIRINGS_OF_AD = 1_000;
/** A call sign as a cursor holds it (stored upper-cased; a cursor is checked before it reaches SQL). */
const isCallSignKey = (key: string) => /^[A-Z0-9-]{2,12}$/.test(key);

type CsvColumn = 'started_at' | 'ad' | 'spot_id' | 'heard_seconds' | 'partial';
const REQUIRED_COLUMNS = ['started_at', 'ad', 'spot_id'] as const;

const toPublicStation = (row: StationRow): PublicStation => {
  const { streamUrl: _s, lastHeardAt: _l, createdAt: _c, updatedAt: _u, ...pub } = toStation(row);
  return pub;
};

/** One problem of a batch: which item (0-based) or CSV line, and what. */
interface ItemError {
  index: number;
  message: string;
}

export function createStationsService({
  repo,
  storage,
  publicChanged,
  publicAds,
  clock = () => new Date(),
}: {
  repo: StationsRepository;
  storage: Storage;
  /** Station pages and ad pages are cached: a change to a station or its airings clears them. */
  publicChanged: () => void;
  /** The public ads of these ids (those still visible). */
  publicAds: (ids: string[]) => Promise<Map<string, PublicAd>>;
  clock?: () => Date;
}) {
  async function owned(userId: string, id: string) {
    const row = await repo.findOwned(id, userId);
    if (!row) throw new NotFoundError(stationMessages.notFound);
    return row;
  }

  const removeFile = async (url: string | null) => {
    const key = url ? storage.keyFromUrl(url) : null;
    if (key) await storage.delete(key).catch(() => {});
  };

  /**
   * Checks every item before anything is written: the stations must be the caller's (another's answers as
   * unknown), the ads public or the caller's own. Returns the rows to write, or the problems by item.
   */
  async function resolve(
    userId: string,
    items: AiringInput[],
    fixedStation?: StationRow,
  ): Promise<{ rows: NewAiringRow[]; errors: ItemError[] }> {
    const stationRows = fixedStation
      ? [fixedStation]
      : await repo.ownedByRefs(
          userId,
          items.map((i) => i.station),
        );
    const stationOf = new Map<string, StationRow>();
    for (const s of stationRows) stationOf.set(s.id, s).set(s.callSign, s);
    const adRows = await repo.reportableAds(
      userId,
      items.map((i) => i.ad),
    );
    const adOf = new Map<string, (typeof adRows)[number]>();
    for (const a of adRows) adOf.set(a.id, a).set(a.slug, a);
    const rows: NewAiringRow[] = [];
    const errors: ItemError[] = [];
    items.forEach((item, index) => {
      const station = fixedStation ?? stationOf.get(item.station) ?? stationOf.get(item.station.toUpperCase());
      const ad = adOf.get(item.ad) ?? adOf.get(item.ad.toLowerCase());
      if (!station) return errors.push({ index, message: stationMessages.stationUnknown });
      if (!ad) return errors.push({ index, message: stationMessages.adUnknown });
      rows.push({
        stationId: station.id,
        adId: ad.id,
        startedAt: new Date(item.started_at),
        heardMs: item.heard_seconds ? Math.round(item.heard_seconds * 1000) : (ad.durationMs ?? DEFAULT_SPOT_MS),
        partial: item.partial ?? false,
        source: 'reported',
        spotId: item.spot_id,
      });
    });
    return { rows, errors };
  }

  /** Where and when one of the owner's ads aired (the advertiser's Airings view), newest first. */
  async function ofAd(userId: string, adId: string): Promise<Airing[]> {
    const found = await repo.ofOwnedAd(adId, userId, AIRINGS_OF_AD);
    if (!found) throw new NotFoundError('Ad not found');
    return found;
  }

  return {
    list: async (userId: string): Promise<Station[]> => (await repo.listByOwner(userId)).map(toStation),

    get: async (userId: string, id: string): Promise<Station> => toStation(await owned(userId, id)),

    async create(userId: string, input: StationInput): Promise<Station> {
      const row = await repo.insert({ ...input, userId });
      if (!row) throw new ConflictError(stationMessages.callSignTaken);
      publicChanged();
      return toStation(row);
    },

    async update(userId: string, id: string, input: StationInput): Promise<Station> {
      const row = await repo.updateOwned(id, userId, input);
      if (row === 'taken') throw new ConflictError(stationMessages.callSignTaken);
      if (!row) throw new NotFoundError(stationMessages.notFound);
      publicChanged();
      return toStation(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await repo.deleteOwned(id, userId);
      if (!row) throw new NotFoundError(stationMessages.notFound);
      await removeFile(row.logoUrl);
      publicChanged();
    },

    /** Replaces the station's logo (checked as an ad's logo is); null removes it. */
    async setLogo(userId: string, id: string, file: ReceivedFile | null): Promise<Station> {
      const before = await owned(userId, id);
      const uploader = createUploader(storage);
      try {
        const put = file ? await uploader.storeImage(userId, file) : null;
        const row = await repo.updateOwned(id, userId, { logoUrl: put?.url ?? null });
        if (!row || row === 'taken') throw new NotFoundError(stationMessages.notFound);
        await removeFile(before.logoUrl);
        publicChanged();
        return toStation(row);
      } catch (err) {
        await uploader.cleanup();
        throw err;
      }
    },

    /**
     * Reported airings (the API): the whole batch is checked first and refused whole, with the first
     * problem named by its item, so a log is never half written. Repeats of a spot id answer the airing
     * already stored.
     */
    async postAirings(userId: string, body: AiringInput | AiringInput[]): Promise<AiringsPosted> {
      const items = Array.isArray(body) ? body : [body];
      const { rows, errors } = await resolve(userId, items);
      if (errors.length) {
        const [first] = errors;
        throw new NotFoundError(Array.isArray(body) ? `airings[${first!.index}]: ${first!.message}` : first!.message);
      }
      const airings = await repo.insertAirings(rows);
      const created = airings.filter((a) => a.created).length;
      if (created) publicChanged();
      return { airings, created };
    },

    /**
     * A CSV as-run log for one station: header row, then one airing a line. Every line is checked; with any
     * problem nothing is written and the problems are listed by line (line 1 is the header).
     */
    async importCsv(userId: string, stationId: string, csv: string, dryRun: boolean): Promise<AiringsCsvResult> {
      const station = await owned(userId, stationId);
      let records: { record: string[]; info: { lines: number } }[];
      try {
        records = parseCsv(csv.replace(/^\uFEFF/, ''), {
          skip_empty_lines: true,
          trim: true,
          relax_column_count: true,
          info: true,
        }) as unknown as typeof records;
      } catch (err) {
        throw new BadRequestError(`The file is not valid CSV: ${(err as Error).message}`);
      }
      const [header, ...lines] = records;
      const columns = (header?.record ?? []).map((h) => h.toLowerCase().replace(/\s+/g, '_'));
      if (!REQUIRED_COLUMNS.every((c) => columns.includes(c))) throw new BadRequestError(stationMessages.csvHeader);
      if (!lines.length) throw new BadRequestError(stationMessages.csvEmpty);
      if (lines.length > AIRINGS_PER_BATCH) throw new BadRequestError(stationMessages.batchTooLarge);
      const errors: { line: number; message: string }[] = [];
      const items: { line: number; item: AiringInput }[] = [];
      lines.forEach(({ record: cells, info }) => {
        // The file's own line number (the header is line 1), as a spreadsheet shows it.
        const line = info.lines;
        const field = (name: CsvColumn) => {
          const at = columns.indexOf(name);
          return at < 0 ? undefined : cells[at] || undefined;
        };
        const heard = field('heard_seconds');
        const partial = field('partial')?.toLowerCase();
        const parsed = AiringInput.safeParse({
          station: station.callSign,
          ad: field('ad') ?? '',
          started_at: field('started_at') ?? '',
          spot_id: field('spot_id') ?? '',
          heard_seconds: heard === undefined ? undefined : Number(heard),
          partial:
            partial === undefined
              ? undefined
              : ['true', 'yes', '1'].includes(partial)
                ? true
                : ['false', 'no', '0'].includes(partial)
                  ? false
                  : partial,
        });
        if (parsed.success) items.push({ line, item: parsed.data });
        else errors.push({ line, message: issueMessage(parsed.error) });
      });
      const { rows, errors: unresolved } = await resolve(
        userId,
        items.map((i) => i.item),
        station,
      );
      for (const e of unresolved) errors.push({ line: items[e.index]!.line, message: e.message });
      errors.sort((a, b) => a.line - b.line);
      const already = await repo.reportedSpots(
        station.id,
        rows.map((r) => r.spotId!),
      );
      const duplicates = rows.filter((r) => already.has(r.spotId!)).length;
      if (errors.length || dryRun) return { rows: rows.length, errors, imported: 0, duplicates };
      const written = await repo.insertAirings(rows);
      const imported = written.filter((a) => a.created).length;
      if (imported) publicChanged();
      return { rows: rows.length, errors, imported, duplicates: rows.length - imported };
    },

    /** A station's public page: what aired on a day (today by default) of its own zone, maybe one hour of it. */
    async stationDay(callSign: string, query: StationDayQuery): Promise<StationDay> {
      const station = await repo.findByCallSign(callSign.toUpperCase());
      if (!station) throw new NotFoundError(stationMessages.notFound);
      const today = localParts(clock(), station.timeZone).date;
      const date = query.date ?? today;
      if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new BadRequestError(stationMessages.dateInvalid);
      const found = await repo.stationDay(station.id, station.timeZone, date, query.hour);
      const adsById = await publicAds([...new Set(found.map((a) => a.adId))]);
      return {
        station: toPublicStation(station),
        date,
        today,
        hour: query.hour ?? null,
        airings: found.flatMap(({ adId, startedAt, ...a }) => {
          const ad = adsById.get(adId);
          return ad ? [{ ...a, startedAt: startedAt.toISOString(), ad }] : [];
        }),
      };
    },

    /** A page of a partner's stations, by call sign (the v1 list). */
    async page(userId: string, { limit, cursor }: PageQuery): Promise<StationPage> {
      const page = toPage(await repo.pageByOwner(userId, limit, decodeCursor(cursor, isCallSignKey)), limit);
      return { stations: page.rows.map(toStation), nextCursor: page.nextCursor };
    },

    /** A page of a partner's station's airings, newest first (the v1 list). */
    async pageOfStation(userId: string, id: string, { limit, cursor }: PageQuery): Promise<AiringPage> {
      const after = decodeCursor(cursor, isInstantKey);
      await owned(userId, id);
      const page = toPage(await repo.pageOfStation(id, limit, after), limit);
      return { airings: page.rows.map(({ cursorKey: _k, ...airing }) => airing), nextCursor: page.nextCursor };
    },

    /** A partner's station's latest airings. */
    async recentOfStation(userId: string, id: string): Promise<Airing[]> {
      await owned(userId, id);
      return repo.recentOfStation(id, RECENT_OF_STATION);
    },

    ofAd,

    /** The same as a CSV file: one line an airing, times in UTC and in the station's own zone. */
    async ofAdCsv(userId: string, adId: string): Promise<string> {
      const found = await ofAd(userId, adId);
      return toCsv(
        found.map((a) => {
          const local = localParts(a.startedAt, a.timeZone);
          return [
            a.callSign,
            a.stationName,
            local.date,
            `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`,
            a.timeZone,
            a.startedAt,
            (a.heardMs / 1000).toFixed(1),
            a.partial ? 'yes' : 'no',
            a.source,
            a.spotId ?? '',
          ];
        }),
        {
          header: true,
          columns: [
            'station',
            'station_name',
            'local_date',
            'local_time',
            'time_zone',
            'started_at_utc',
            'heard_seconds',
            'partial',
            'source',
            'spot_id',
          ],
        },
      );
    },

    listCallSigns: () => repo.listCallSigns(),
  };
}
export type StationsService = ReturnType<typeof createStationsService>;

/**
 * The same service with its station pages answered from the public cache (like the ad page): cleared by
 * every change to a station or its airings, and kept at most PUBLIC_TTL_MS, so 'today' turns at midnight.
 */
export function withPublicCache(stations: StationsService, cache: PublicCache): StationsService {
  return {
    ...stations,
    stationDay: (callSign, query) =>
      cache.get(`station:${callSign.toUpperCase()}:${query.date ?? ''}:${query.hour ?? ''}`, () =>
        stations.stationDay(callSign, query),
      ),
    listCallSigns: () => cache.get('station-call-signs', () => stations.listCallSigns()),
  };
}
