/**
 * `npm run bench [section…]`: prints each figure beside its budget. Sections: platform,
 * entities, web; run only when named, as they take long: load (100 staff sessions for 10
 * minutes) and fuzz (100,000 generated payloads); and palette (a quick check on the demo clinic).
 * Exits non-zero when a figure is over budget, so the numbers can gate a release.
 */
import { passes, printFigures, type Figure } from './lib';
import { entitiesBench } from './entities';
import { platformBench } from './platform';
import { webBench } from './web';
import { entityScreenBench } from './entity-screen';
import { loadBench } from './load';
import { fuzzBench } from './fuzz';
import { exportBench } from './export';
import { importBench } from './import';
import { paletteBench } from './search-everywhere';
import { dispenseBench } from './entities-dispense';
import { diaryBench } from './diary';

interface Section {
  title: string;
  run: () => Promise<Figure[]>;
  /** Long sections run only when asked for by name. */
  onlyWhenNamed?: boolean;
}

const SECTIONS: Record<string, Section> = {
  platform: { title: 'Platform: start-up, password hashing, authentication', run: platformBench },
  entities: {
    title: 'Patients at scale: search, typeahead, insert, deep pages',
    run: entitiesBench,
  },
  dispense: {
    title: 'Dispensing a 30-line formula on a fresh demo clinic (the entities figure, small)',
    run: dispenseBench,
    onlyWhenNamed: true,
  },
  'entity-screen': {
    title: 'Entity screen: 5,000-row list and tree in Chromium',
    run: entityScreenBench,
  },
  export: {
    title: 'Export: 100,000 patients as CSV and XLSX, streamed',
    run: exportBench,
  },
  import: {
    title: 'Import: 10,000 patients from one CSV, dry run and import',
    run: importBench,
  },
  web: {
    title: 'Web app: bytes loaded, time to an interactive login form, the formula editor',
    run: webBench,
  },
  load: {
    title: 'Load: 100 staff sessions, 10 minutes of mixed work on 1M patients',
    run: loadBench,
    onlyWhenNamed: true,
  },
  palette: {
    title: 'Command palette search on the demo clinic (the 1M figure is in entities)',
    run: paletteBench,
    onlyWhenNamed: true,
  },
  diary: {
    title: 'Diary: free times, the week, the browser, a booking race and reminders (issue 44)',
    run: diaryBench,
    onlyWhenNamed: true,
  },
  fuzz: {
    title: 'Fuzzing: generated payloads across every call',
    run: fuzzBench,
    onlyWhenNamed: true,
  },
};

const named = process.argv.slice(2);
const wanted = named.length
  ? named
  : Object.keys(SECTIONS).filter((name) => !SECTIONS[name]!.onlyWhenNamed);
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
