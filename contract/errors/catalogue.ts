/** Every domain's groups under the heading docs/errors.md gives them, and the lookup of an entry by its code. */
import { type AnyEntry } from "./entry.ts";
import {
  componentErrors,
  configErrors,
  generationErrors,
  generationLines,
  htmlCheckErrors,
  htmlCheckLines,
  scaffoldErrors,
  scaffoldLines,
  validateMessages,
} from "./content.ts";
import { editorMediaErrors } from "./editor-media.ts";
import { editorScheduleLines, scheduleStateWords } from "./editor-schedules.ts";
import { editorTranslationErrors, editorTranslationLines } from "./editor-translations.ts";
import { benchEditLines, editorErrors, editorHistoryLines, editorLines, editorPathErrors } from "./editor.ts";
import {
  leadApiErrors,
  leadBenchErrors,
  leadBenchLines,
  leadFieldErrors,
  leadFormMessages,
  leadsCliErrors,
  leadsCliLines,
} from "./lead.ts";
import { localeErrors } from "./locales.ts";
import { mediaErrors } from "./media.ts";
import { migrationErrors } from "./migrations.ts";
import { teamNoticeErrors, teamNoticeMails } from "./notices.ts";
import { operationsErrors } from "./operations.ts";
import { editorPreviewLines, teamPreviewErrors, teamPreviewLines } from "./previews.ts";
import {
  editorForgeErrors,
  editorGitErrors,
  editorPublishLines,
  editorReviewErrors,
  editorReviewLines,
} from "./publishing.ts";
import { reviewErrors } from "./review.ts";
import { editorScheduleErrors, scheduleRunErrors, schedulerLines, takeDownWords } from "./schedules.ts";
import {
  editorSectionErrors,
  editorSectionLines,
  sectionCompareLines,
  sectionErrors,
  sectionLines,
} from "./sections.ts";
import { teamAccessErrors, teamConfigErrors, teamLines, teamLockLines, teamPeopleErrors } from "./team.ts";
import {
  benchBuildErrors,
  benchBuildLines,
  benchPictureLines,
  budgetErrors,
  budgetLines,
  buildErrors,
  checkErrors,
  checkLines,
  firstInputErrors,
  firstInputLines,
  fontLines,
  importErrors,
  lintErrors,
  lintLines,
  picturePerfErrors,
  picturePerfLines,
  startLines,
} from "./tools.ts";
import { translationMessages } from "./translations.ts";
import { incrementalBuildLines } from "./builds.ts";

export const catalogue = {
  "Content (npm run validate, build, dev server)": configErrors,
  "Validator output (npm run validate)": validateMessages,
  "Shared sections (npm run validate, npm run sections, npm run sections:compare)": {
    ...sectionErrors,
    ...sectionLines,
    ...sectionCompareLines,
  },
  "Locales (npm run validate)": localeErrors,
  "Pictures (npm run validate, build, the editor's media library)": mediaErrors,
  "Scaffolds (npm run new:page, npm run new:block)": { ...scaffoldErrors, ...scaffoldLines },
  "Generation (npm run gen, npm run docs, npm run docs:check)": { ...generationErrors, ...generationLines },
  "HTML check (npm run check:html)": { ...htmlCheckErrors, ...htmlCheckLines },
  "Lead form (what the visitor sees)": leadFormMessages,
  "Components (dev server)": componentErrors,
  "Lead API field errors": leadFieldErrors,
  "Lead API, outbox and server settings": leadApiErrors,
  "Leads CLI (npm run leads)": { ...leadsCliErrors, ...leadsCliLines },
  "Page editor (npm run edit)": { ...editorErrors, ...editorLines, ...editorPublishLines },
  "Page editor: files it refuses": editorPathErrors,
  "Page editor: shared sections": { ...editorSectionErrors, ...editorSectionLines },
  "Page editor: the media library": editorMediaErrors,
  "Page editor: publishing with git": editorGitErrors,
  "Page editor: review requests on GitHub and GitLab": editorForgeErrors,
  "Team editor: a publisher's review of the open requests": { ...editorReviewErrors, ...editorReviewLines },
  "Team editor: scheduling a request and the calendar": { ...editorScheduleLines, ...scheduleStateWords },
  "Team editor: scheduled publishing": {
    ...editorScheduleErrors,
    ...scheduleRunErrors,
    ...schedulerLines,
    ...takeDownWords,
  },
  "Page editor: history, Get latest and branches": editorHistoryLines,
  "Page editor: translations": { ...editorTranslationErrors, ...editorTranslationLines },
  "Team editor (npm run edit:team): settings, the people file and its terminal": {
    ...teamConfigErrors,
    ...teamPeopleErrors,
    ...teamLines,
  },
  "Team editor: sign-in, sessions and roles": teamAccessErrors,
  "Team editor: e-mail notices": { ...teamNoticeErrors, ...teamNoticeMails },
  "Team editor: who is here and editing locks": teamLockLines,
  "Team editor: previews of review requests": { ...teamPreviewErrors, ...teamPreviewLines },
  "Team editor: a request's preview in its review": editorPreviewLines,
  "Build (npm run build, npm start)": { ...buildErrors, ...startLines, ...incrementalBuildLines },
  "Budgets (npm run budgets)": { ...budgetErrors, ...budgetLines },
  "Checks of the build (npm run budgets, test:e2e, test:generated, perf, perf:input)": {
    ...checkErrors,
    ...checkLines,
  },
  "First input (npm run perf:input)": { ...firstInputErrors, ...firstInputLines },
  "Build benchmark (npm run bench:build)": { ...benchBuildErrors, ...benchBuildLines },
  "Picture benchmark (npm run bench:pictures)": benchPictureLines,
  "The picture page in Lighthouse (npm run perf:pictures)": { ...picturePerfErrors, ...picturePerfLines },
  "Editor benchmark (npm run bench:edit)": benchEditLines,
  "Lead benchmarks (npm run bench:leads, crash:leads)": { ...leadBenchErrors, ...leadBenchLines },
  "Typeface (npm run font)": fontLines,
  "Code checks (npm run lint)": { ...importErrors, ...lintErrors, ...lintLines },
  "Operations (probes, shutdown, metrics, logs, deployment)": operationsErrors,
  "Content review (npm run affected, npm run review)": reviewErrors,
  "Translation status (npm run translations)": translationMessages,
  "Block versions and migrations (npm run validate, new:migration, migrate)": migrationErrors,
} as const;

const entriesByCode = new Map(
  Object.values(catalogue)
    .flatMap((group) => Object.values(group) as AnyEntry[])
    .map((entry) => [entry.code, entry]),
);

/** The catalogue's entry for a code (a problem carries its code; its title and hint come from here). */
export const entryByCode = (code: string): AnyEntry | undefined => entriesByCode.get(code);
