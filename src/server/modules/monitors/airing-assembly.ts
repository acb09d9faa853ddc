/**
 * Airing assembly: turns the stream's sliding windows, each matched (or not) against the fingerprint
 * index on its own, into one airing per spot. Pure: no clock, no database; stream time in seconds from
 * the start of the connection.
 *
 * A window that matches an ad says where in the ad its first moment falls (`offset`), so it places the
 * ad's start on the stream: `anchor = window start - offset`. Windows of one ad whose anchors agree within
 * ANCHOR_TOLERANCE are one spot; another anchor (the same ad again, later) is another spot. A spot closes
 * once no later window can still hold enough of it to match (the stream has moved past its end), or once
 * matches of it stop; it is an airing when enough windows agreed on it.
 */

/** One window's result: its span on the stream, and the ad it matched, if any. */
export interface WindowResult {
  /** Stream seconds of the window's first and last moment. */
  start: number;
  end: number;
  match: {
    adId: string;
    /** Seconds into the ad of the window's start (negative: the ad began inside the window). */
    offset: number;
    /** Seconds from the window's start to its last landmark on the ad's alignment, when known. */
    heardUntil?: number;
    /** 0..1, 0.5 exactly at the confidence test. */
    confidence: number;
    /** The ad's length, when known (null: unknown, the spot then ends where matches stop). */
    adSeconds: number | null;
  } | null;
}

/** One spot heard on the stream. */
export interface AssembledAiring {
  adId: string;
  /** Stream seconds of the ad's first moment. */
  start: number;
  /** Seconds of the ad heard. */
  heardSeconds: number;
  /** Clearly less than the ad was heard: cut short, joined late, or the stream dropped. */
  partial: boolean;
  /** Mean confidence of the windows that matched. */
  confidence: number;
  /** Windows that matched it. */
  windows: number;
}

export interface AssemblyOptions {
  /** Anchors of one spot agree within this many seconds (a landmark moves by a frame; stations speed ads up). */
  anchorTolerance?: number;
  /** Windows that must agree before a spot is an airing: one window alone may be chance. */
  minWindows?: number;
  /**
   * Seconds of the ad a window must hold to match it: once a window starts later than the ad's end less
   * this, no later window will match the spot, and it closes.
   */
  minOverlap?: number;
  /** Without the ad's length: a spot closes when this many seconds of windows passed with no match of it. */
  silenceToClose?: number;
  /** Heard less than this share of the ad (and at least `partialSlack` seconds less) is partial. */
  partialShare?: number;
  partialSlack?: number;
}

const DEFAULTS: Required<AssemblyOptions> = {
  anchorTolerance: 1,
  minWindows: 2,
  minOverlap: 3,
  silenceToClose: 12,
  partialShare: 0.85,
  partialSlack: 2,
};

interface Spot {
  adId: string;
  adSeconds: number | null;
  anchors: number[];
  confidences: number[];
  /** Stream seconds heard of the ad, as matched windows cover it. */
  firstHeard: number;
  lastHeard: number;
  lastMatchEnd: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface AiringAssembler {
  /** Takes the next window (in stream order); returns the airings it closed. */
  push(window: WindowResult): AssembledAiring[];
  /** The stream ended: closes every open spot. */
  flush(): AssembledAiring[];
  /** Spots open now (for status and tests). */
  readonly open: number;
}

export function createAiringAssembler(options: AssemblyOptions = {}): AiringAssembler {
  const o = { ...DEFAULTS, ...options };
  let open: Spot[] = [];
  /** Closed spots, kept while a late window might still match them, so that a spot is never told twice. */
  let closed: { adId: string; anchor: number; until: number }[] = [];
  /** Where this stream was first heard: a spot under way then was joined late. */
  let heardSince: number | null = null;

  const anchorOf = (spot: Spot) => median(spot.anchors);
  const endOf = (spot: Spot) => (spot.adSeconds === null ? null : anchorOf(spot) + spot.adSeconds);

  function close(spot: Spot): AssembledAiring | null {
    const anchor = anchorOf(spot);
    const end = endOf(spot);
    closed.push({ adId: spot.adId, anchor, until: end ?? spot.lastMatchEnd + o.silenceToClose });
    if (spot.anchors.length < o.minWindows) return null;
    const heardFrom = Math.max(anchor, spot.firstHeard);
    const heardTo = end === null ? spot.lastHeard : Math.min(end, spot.lastHeard);
    const heardSeconds = Math.max(0, heardTo - heardFrom);
    const partial =
      spot.adSeconds !== null &&
      heardSeconds < o.partialShare * spot.adSeconds &&
      spot.adSeconds - heardSeconds >= o.partialSlack;
    return {
      adId: spot.adId,
      start: anchor,
      heardSeconds,
      partial,
      confidence: spot.confidences.reduce((a, b) => a + b, 0) / spot.confidences.length,
      windows: spot.anchors.length,
    };
  }

  /** Closes the spots no window from `from` on can match any more. */
  function closeDue(from: number, now: number): AssembledAiring[] {
    const done: AssembledAiring[] = [];
    open = open.filter((spot) => {
      const end = endOf(spot);
      const over = end !== null && from > end - o.minOverlap;
      // A spot whose matches stopped a while ago closes too, whatever its length says (the spot was cut).
      const stopped = now - spot.lastMatchEnd >= o.silenceToClose;
      if (!over && !stopped) return true;
      const airing = close(spot);
      if (airing) done.push(airing);
      return false;
    });
    closed = closed.filter((c) => c.until >= from);
    return done;
  }

  return {
    push(window) {
      const { match } = window;
      heardSince ??= window.start;
      if (match) {
        const anchor = window.start - match.offset;
        const near = (a: number) => Math.abs(a - anchor) <= o.anchorTolerance;
        const told = closed.some((c) => c.adId === match.adId && near(c.anchor));
        if (!told) {
          const spot = open.find((s) => s.adId === match.adId && near(anchorOf(s)));
          // What was heard of the ad: from where its alignment places its start (a break is cut at its end,
          // not its beginning), unless the stream was joined after that; and as far as the window's last
          // landmark on that alignment. Without it, as far as a matching window reaches: it holds between
          // minOverlap seconds of the ad and all of it, so halfway between from the window's far edge.
          const reach = match.heardUntil ?? (window.end - window.start + o.minOverlap) / 2;
          const from = Math.max(anchor, heardSince);
          const to = Math.min(window.start + reach, match.adSeconds === null ? Infinity : anchor + match.adSeconds);
          if (spot) {
            spot.anchors.push(anchor);
            spot.confidences.push(match.confidence);
            spot.firstHeard = Math.min(spot.firstHeard, from);
            spot.lastHeard = Math.max(spot.lastHeard, to);
            spot.lastMatchEnd = window.end;
            spot.adSeconds ??= match.adSeconds;
          } else {
            open.push({
              adId: match.adId,
              adSeconds: match.adSeconds,
              anchors: [anchor],
              confidences: [match.confidence],
              firstHeard: from,
              lastHeard: to,
              lastMatchEnd: window.end,
            });
          }
        }
      }
      return closeDue(window.start, window.end);
    },

    flush() {
      const done = open.map((spot) => close(spot)).filter((a): a is AssembledAiring => a !== null);
      open = [];
      closed = [];
      heardSince = null;
      return done;
    },

    get open() {
      return open.length;
    },
  };
}

/** Every airing in a whole run of windows (the stream then ends). */
export function assembleAirings(windows: WindowResult[], options?: AssemblyOptions): AssembledAiring[] {
  const assembler = createAiringAssembler(options);
  return [...windows.flatMap((w) => assembler.push(w)), ...assembler.flush()];
}
