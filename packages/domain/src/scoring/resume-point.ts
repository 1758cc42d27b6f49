/**
 * Where a person picks an unfinished assessment up again (the member dashboard's Continue): the
 * question page they left off on. The journey's question pages are one per module on the Rapid
 * track and one per petal on the Professional one (spec 01 §2), in the instrument's order
 * (DESIGN §2: Experiences → Feelings → Energy).
 */
import { questionsForTrack } from '../content/questions';
import { MODULE_NAMES, MODULE_PETALS, type ModuleName, type PetalName, type Track } from '../model/instrument';
import { isValidResponse, normalizeGuid } from './answers';
import { assessmentCoverage } from './coverage';

/** A question page: a Rapid module page (`petalName` null) or a Professional petal's questions. */
export interface ResumePoint {
  moduleName: ModuleName;
  petalName: PetalName | null;
}

/** The track's question pages in journey order, each with its question guids (lowercase). */
function questionPages(track: Track): { page: ResumePoint; guids: string[] }[] {
  const questions = questionsForTrack(track);
  const pages: ResumePoint[] =
    track === 'Rapid'
      ? MODULE_NAMES.map((moduleName) => ({ moduleName, petalName: null }))
      : MODULE_NAMES.flatMap((moduleName) => MODULE_PETALS[moduleName].map((petalName) => ({ moduleName, petalName })));
  return pages.map((page) => ({
    page,
    guids: questions
      .filter((question) => question.module === page.moduleName && (page.petalName === null || question.petal === page.petalName))
      .map((question) => normalizeGuid(question.questionGuid)),
  }));
}

/**
 * The furthest page with an answer, or the page after it when that one is fully answered; the
 * first page when nothing is answered. When every page from there on is answered (answers
 * skipped earlier with "continue?"): with results still missing, the first page of the first
 * module that needs answers, as the results page leads back to it; with results, the first page
 * that has a question left.
 */
export function resumePoint(answers: ReadonlyMap<string, number | null>, track: Track): ResumePoint {
  const answered = new Set<string>();
  for (const [guid, response] of answers) if (isValidResponse(response)) answered.add(normalizeGuid(guid));
  const pages = questionPages(track);
  let furthest = -1;
  pages.forEach(({ guids }, index) => {
    if (guids.some((guid) => answered.has(guid))) furthest = index;
  });
  if (furthest < 0) return pages[0]!.page;
  const lastTouched = pages[furthest]!;
  if (!lastTouched.guids.every((guid) => answered.has(guid))) return lastTouched.page;
  const next = pages[furthest + 1];
  if (next) return next.page;
  const needing = assessmentCoverage(answers, track).needsAnswers[0]?.moduleName;
  if (needing) return pages.find(({ page }) => page.moduleName === needing)!.page;
  // Results, with questions skipped earlier on: the first page that still has one (a review found
  // Continue leading to the first page, fully answered, with the open question 15 pages on).
  return (pages.find(({ guids }) => !guids.every((guid) => answered.has(guid))) ?? pages[0]!).page;
}
