/** A station's public page. */
export const stationPath = (callSign: string) => `/station/${encodeURIComponent(callSign)}`;
/** The call sign of a station page's path, or null for any other path. */
export function callSignOfStationPath(pathname: string): string | null {
  const m = /^\/station\/([^/]+)\/?$/.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : null;
}
