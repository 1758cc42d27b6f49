import type { LifeSituationsContent, ModuleQuestions, ModuleResults, PetalResults } from '@bloom/domain';

/**
 * Presenters for the journey's content calls: the domain's view objects, plus the
 * names the web client reads (documented in docs/api.md). One function per response.
 */
export function presentModuleQuestions(view: ModuleQuestions) {
  return { ...view, module: { ...view.module, secondLeadIn: view.module.feelingsLeadIn ?? undefined } };
}

export function presentPetalResults(view: PetalResults) {
  return { ...view, chart: view.chartData };
}

export function presentModuleResults(view: ModuleResults) {
  return { ...view, module: { ...view.module, resultsText1: view.resultsText1, resultsText2: view.resultsText2 } };
}

export function presentLifeSituationsForm(form: LifeSituationsContent) {
  return {
    title: form.title,
    introText: form.introText,
    preferNotToSay: form.preferNotToSay,
    questions: form.questions.map((question) =>
      question.type === 'choice'
        ? { field: question.field, label: question.label, kind: 'select' as const, options: question.options }
        : { field: question.field, label: question.label, kind: 'number' as const, options: [], min: question.min, max: question.max },
    ),
  };
}
