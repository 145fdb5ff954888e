import { wordList } from './text-features.js';

/**
 * The concept map: tags a note earns by naming something, written from general knowledge of what
 * people keep as memories (see the ADR for how it was checked). Each trigger is matched as whole
 * words over the note's lower-case words joined by single spaces, so a trigger can ask for its
 * context: "my kids" is family, "as a kid" is not; "our flat" is home, "flat white" is coffee.
 * A concept is not a fragment: "dentist appointment" is about health even though "dentist" only
 * modifies the phrase.
 * Words of everyday topics may be plural; names of tools may not ("swifts" are birds).
 */
const TOPICS: Record<string, string> = {
  family: `daughter son wife husband mum mom mother dad father sister brother parent grandparent grandma
    grandpa granddad grandmother grandfather grandchild grandchildren aunt uncle cousin niece nephew
    stepson stepdaughter mother-in-law father-in-law in-laws
    (?:my|our|his|her|their|the_user's)_(?:kid|child|children|baby|babies|twin|toddler|youngest|eldest)
    the_(?:kid|children|baby|twin)`,
  health: `doctor gp (?<!(?:isn't|not|no)_(?:an_)?)(?:allergic|allergy|allergies) asthma diabetes diabetic medication prescription therapist
    therapy (?<!gp_|dental_)surgery physio physiotherapist hospital diagnosed diagnosis insomnia symptom
    injury injured dentist migraine epilepsy blood_pressure cholesterol infection antibiotic vaccine
    vaccination biopsy cancer illness inhaler`,
  allergy: `(?<!(?:isn't|not|no)_(?:an_)?)(?:allergic|allergy|allergies) anaphylaxis epipen epi-pen`,
  medication: `medication prescription dose dosage tablet pill paracetamol ibuprofen`,
  travel: `flight trip hotel holiday airport visa itinerary passport boarding_pass layover ferry ferries
    road_trip city_break`,
  pets: `dog cat hamster puppy puppies kitten vet pet rabbit guinea_pig parrot`,
  finance: `budget savings mortgage salary invoice tax (?<!food_)bank pension loan spending`,
  diet: `vegetarian vegan gluten-free dairy-free lactose diet halal kosher`,
  food: `recipe restaurant cooking dinner lunch meal spicy_food`,
  coffee: `coffee espresso latte cappuccino flat_white`,
  tea: `tea earl_grey`,
  wine: `wine riesling chardonnay merlot`,
  beer: `beer ale lager`,
  music: `jazz cello piano guitar orchestra band album ukulele violin choir concert playlist`,
  films: `film movie cinema`,
  books: `novel kindle audiobook book_club e-reader paperback author`,
  games: `video_game playthrough board_game gaming`,
  sport: `football tennis cricket rugby basketball match_spoilers`,
  fitness: `gym workout marathon half_marathon yoga pilates couch-to-5k personal_trainer`,
  running: `running_club running_shoes parkrun 5k 10k`,
  cycling: `cycle cycling bike`,
  hiking: `hiking hike`,
  garden: `garden allotment seedling greenhouse`,
  plants: `plant houseplant`,
  home: `(?:my|our|the_user's)_(?:house|home|flat|apartment)(?!_white) landlord boiler neighbour neighbor`,
  car: `(?:my|our|the|his|her)_car tyre tire mot`,
  school: `school nursery homework half-term`,
  university: `university uni degree dissertation`,
  meetings: `meeting stand-up standup one-to-one retro`,
  birthday: `birthday`,
  wedding: `wedding`,
  deadline: `deadline`,
  interviews: `interview interviewing`,
  hiring: `hiring recruiting`,
  'job-search': `job_search job_application cover_letter`,
  email: `email inbox`,
  privacy: `privacy home_address`,
  security: `security secret api_key credentials vulnerability`,
  passwords: `password passcode`,
  insurance: `insurance`,
  language: `language (?:speak|speaks|spoke|speaking|learning|learn|fluent_in|in|into)_(?:spanish|french|german|polish|japanese|portuguese|italian|mandarin|tagalog|english)`,
  learning: `course lesson tutorial`,
  writing: `essay manuscript`,
  astronomy: `astronomy planet meteor telescope`,
  shopping: `shopping refurbished second-hand`,
  testing: `test testing unit_test integration_test flaky`,
  debugging: `debugging bisecting stack_trace memory_leak`,
  'code-review': `code_review review_comment`,
  'pull-request': `pull_request`,
  performance: `performance latency profiling slow_query`,
  refactoring: `refactor refactoring`,
  deployment: `deploy deployment rollback`,
  'on-call': `on-call on_call`,
  incidents: `incident outage postmortem`,
};

/** Tools and languages, under one name whatever the spelling; never plural. */
const TOOLS: Record<string, string> = {
  python: `python pip pytest django flask uv ruff`,
  typescript: `typescript tsconfig`,
  javascript: `javascript npm pnpm yarn`,
  nodejs: `node.js nodejs nvm`,
  rust: `rust cargo clippy`,
  go: `golang`,
  java: `java maven gradle`,
  kotlin: `kotlin`,
  ruby: `ruby rails`,
  docker: `docker dockerfile`,
  kubernetes: `kubernetes k8s kubectl`,
  postgresql: `postgresql postgres psql`,
  mysql: `mysql`,
  redis: `redis`,
  kafka: `kafka`,
  git: `git rebase reflog commit_message`,
  github: `github`,
  aws: `aws s3 ec2`,
  react: `react`,
  linux: `linux debian ubuntu systemd`,
  ssh: `ssh`,
  sql: `sql`,
  ci: `ci github_actions jenkins`,
  vim: `vim neovim`,
  api: `api rest_api graphql`,
};

const ORDER = [...Object.keys(TOPICS), ...Object.keys(TOOLS)];
const isWord = (t: string) => /^[\p{L}\p{N}'.-]+$/u.test(t);

/** Single words → tags, looked up per word: everyday words (plural too) and tool names (as is). */
const TOPIC_WORDS = new Map<string, string[]>();
const TOOL_WORDS = new Map<string, string[]>();
const addWord = (map: Map<string, string[]>, word: string, tag: string) =>
  map.set(word, [...(map.get(word) ?? []).filter((t) => t !== tag), tag]);
for (const [tag, list] of Object.entries(TOPICS)) {
  for (const w of wordList(list).filter(isWord))
    for (const form of [w, `${w}s`, `${w}es`]) addWord(TOPIC_WORDS, form, tag);
}
for (const [tag, list] of Object.entries(TOOLS))
  for (const w of wordList(list).filter(isWord)) addWord(TOOL_WORDS, w, tag);

/**
 * Triggers that need their context (phrases, lookarounds), one regular expression per tag over
 * the words joined by single spaces. A trigger is written with `_` for a space. Lookarounds
 * instead of \b: words may hold hyphens and dots ("node.js", "in-laws").
 */
const PHRASES: { tag: string; pattern: RegExp }[] = Object.entries({ ...TOPICS, ...TOOLS }).flatMap(
  ([tag, list]) => {
    const phrases = wordList(list).filter((t) => !isWord(t));
    if (phrases.length === 0) return [];
    const plural = tag in TOPICS ? '(?:s|es)?' : '';
    const body = phrases.join('|').replace(/_/g, ' ');
    return [
      { tag, pattern: new RegExp(`(?<![\\p{L}\\p{N}'.-])(?:${body})${plural}(?![\\p{L}\\p{N}'-])`, 'u') },
    ];
  },
);

/** Concept tags, in map order, for a note's lower-case words. */
export function conceptTags(words: readonly string[]): string[] {
  const found = new Set<string>();
  for (const w of words)
    for (const t of [...(TOOL_WORDS.get(w) ?? []), ...(TOPIC_WORDS.get(w) ?? [])]) found.add(t);
  const joined = words.join(' ');
  for (const { tag, pattern } of PHRASES) if (!found.has(tag) && pattern.test(joined)) found.add(tag);
  return ORDER.filter((t) => found.has(t));
}
