/**
 * What the server put in the page for its first render (`<script id="page-data">`: the ad on an ad page),
 * taken once: later visits of the same route fetch as usual, so nothing older than the page load is shown.
 */
let taken = false;

export function takePageData(): unknown {
  if (taken) return undefined;
  taken = true;
  const element = document.getElementById('page-data');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}
