// What "shares no content word" means for Cairn's memory fixture (tests/fixtures/memories, issue
// 29): a question and the note that answers it are compared on their content words, lower-cased,
// stopwords dropped, reduced by a simple suffix stemmer. Two words count as shared when their stems
// are equal, or when one stem begins the other and is at least five letters long ("photograph" and
// "photography"): stricter than the search's own English stemmer, so a question the check calls
// wordless is wordless to search too.

/** Function words and the words every question is made of; none of them is evidence of an answer. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren as at be because been before being
  below between both but by can cannot could couldn did didn do does doesn doing don down during each
  few for from further had hadn has hasn have haven having he her here hers herself him himself his
  how i if in into is isn it its itself just let ll me more most must my myself no nor not now of off
  on once only or other ought our ours ourselves out over own re s same shall she should shouldn so
  some such t than that the their theirs them themselves then there these they this those through to
  too under until up ve very was wasn we were weren what when where which while who whom why will with
  won would wouldn you your yours yourself yourselves d m o y also ever still yet again anything
  something everything nothing someone anyone everyone thing things get got gets getting go going
  goes went gone make makes made know knows knew tell told say said remind remember remembered note
  notes noted wrote write written saved save kind sort way ways use used using really much many lot
  lots like one ones`
    .split(/\s+/)
    .filter(Boolean),
);

/** A light suffix stemmer: plurals, -ing, -ed, -ly, -er/-est, -ies → y, a final silent e. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is'))
    w = w.slice(0, -1);
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly', 'est', 'er']) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      // running → run, stopped → stop
      if (w.length > 3 && w.at(-1) === w.at(-2) && !'lsz'.includes(w.at(-1)!)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The distinct content-word stems of a text (numbers kept: "2027" is evidence). */
export function contentStems(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .split(/[^a-z0-9']+/)
    .map((w) => w.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
    .flatMap((w) => w.split("'"))
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
  return new Set(words.map(stem));
}

function alike(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 5 && long.startsWith(short);
}

/** The question's content stems that the text shares (empty: the two share no content word). */
export function sharedStems(question: string, text: string): string[] {
  const theirs = [...contentStems(text)];
  return [...contentStems(question)].filter((q) => theirs.some((t) => alike(q, t)));
}
