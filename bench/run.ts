/**
 * `npm run bench [section…]`: prints each figure beside its budget. Sections: platform (issue 2),
 * entities (issue 3), web (issue 4), fuzz (issue 11: 100,000 generated payloads; not in the
 * default set, it runs for a long while).
 * Exits non-zero when a figure is over budget, so the numbers can gate a release.
 */
import { passes, printFigures, type Figure } from './lib';
import { entitiesBench } from './entities';
import { platformBench } from './platform';
import { webBench } from './web';
import { entityScreenBench } from './entity-screen';
import { fuzzBench } from './fuzz';

const SECTIONS: Record<string, { title: string; run: () => Promise<Figure[]> }> = {
  platform: { title: 'Platform: start-up, password hashing, authentication', run: platformBench },
  entities: {
    title: 'Patients at scale: search, typeahead, insert, deep pages',
    run: entitiesBench,
  },
  'entity-screen': {
    title: 'Entity screen: 5,000-row list and tree in Chromium',
    run: entityScreenBench,
  },
  web: { title: 'Web app: bytes loaded and time to an interactive login form', run: webBench },
  fuzz: { title: 'Fuzzing: generated payloads across every call', run: fuzzBench },
};
/** Sections run only when named. */
const ON_REQUEST = new Set(['fuzz']);

const wanted = process.argv.slice(2).length
  ? process.argv.slice(2)
  : Object.keys(SECTIONS).filter((name) => !ON_REQUEST.has(name));
let over = 0;
for (const name of wanted) {
  const section = SECTIONS[name];
  if (!section) {
    console.error(`Unknown bench section "${name}". Sections: ${Object.keys(SECTIONS).join(', ')}`);
    process.exit(2);
  }
  const figures = await section.run();
  printFigures(section.title, figures);
  over += figures.filter((f) => !passes(f)).length;
}
console.log(over ? `\n${over} figure(s) over budget.` : '\nEvery figure within budget.');
process.exit(over ? 1 : 0);
