import { Fragment } from 'react';
import { urlBreakParts } from '../../lib/url-breaks.js';

/**
 * A URL, or a snippet holding URLs, that wraps after its separators (/, ., ?, &, =, _) rather
 * than in the middle of a word; the parent's `break-words` remains the last resort for a run with
 * no separator at all. Copying the text gives it back unchanged (<wbr> adds no character).
 */
export function BreakableText({ text }: { text: string }) {
  return urlBreakParts(text).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
