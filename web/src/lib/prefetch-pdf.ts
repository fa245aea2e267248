/**
 * A PDF button's handlers that start loading its module, the engine and Noto Sans when a person
 * points at or focuses it, so the click finds them loaded or on their way (docs/decisions.md
 * '## PDFs'). A failure here is left to the click, which loads again and says what went wrong.
 */
export function prefetchPdf(load: () => Promise<unknown>) {
  const start = () => {
    Promise.all([load(), import('./pdf-document/fonts').then((fonts) => fonts.warmLatinFonts())]).catch(() => {});
  };
  return { onPointerEnter: start, onFocus: start };
}
