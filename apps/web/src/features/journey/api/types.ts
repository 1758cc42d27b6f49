/**
 * Names for the parts of the journey's API answers that its screens pass around. Every shape is
 * the endpoint table's (`@bloom/contracts`, through `ApiResult`); none is restated here.
 */
import type { ApiResult } from '../../../lib/api-client';

/** One module of GetModulesAndPetals (the shell's `useModules()` shape). */
export type ModuleSummary = ApiResult<'getModulesAndPetals'>[number];
export type WellspringQuestions = ApiResult<'getModuleQuestions'>['wellsprings'][number];
export type Question = WellspringQuestions['questions'][number];
export type PositivityPotential = ApiResult<'getPositivityPotential'>;
export type LifeQuestion = ApiResult<'getLifeSituationsForm'>['questions'][number];
export type LifeField = LifeQuestion['field'];
export type Testimonial = ApiResult<'getTestimonials'>[number];
export type IndividualDifferences = ApiResult<'getIndividualDifferences'>;
