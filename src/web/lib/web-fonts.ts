import type { createBrowserRouter } from 'react-router';
import { FONTS_WAIT_CLASS } from '../../shared/page-data';

/**
 * On a browser's first visit a page the server rendered keeps its headings in the text face
 * (FONTS_WAIT_CLASS, put on by the head's script) while the display face is fetched after the first paint:
 * switching faces on a painted page laid its headings out again in one long task, and moved the text under
 * them. The first page the app renders itself shows the display face: at the first navigation, or at once
 * where the server rendered nothing (decision 61).
 */
export function showDisplayFace(router: ReturnType<typeof createBrowserRouter>, serverRendered: boolean) {
  const classes = document.documentElement.classList;
  if (!classes.contains(FONTS_WAIT_CLASS)) return;
  if (!serverRendered) return classes.remove(FONTS_WAIT_CLASS);
  const first = router.state.location;
  const stop = router.subscribe(({ location }) => {
    if (location === first) return;
    classes.remove(FONTS_WAIT_CLASS);
    stop();
  });
}
