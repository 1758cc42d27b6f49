/**
 * Names for the parts of the report answers that the report pages pass around. Every shape is
 * the endpoint table's (`@bloom/contracts`, through `ApiResult`); none is restated here.
 */
import type { ApiResult } from '../../../lib/api-client';

export type ProfileReport = ApiResult<'getBloomProfileReport'>;
export type PositivityPlan = ApiResult<'getPositivityPlan'>;
export type ModuleReportSection = ProfileReport['experiencesAndFeelingsResults']['Experiences'];
export type PetalReportItem = ModuleReportSection['petals'][number];
export type OpportunityItem = ProfileReport['wellbeingOpportunities'][number];
export type IndividualDifferences = ProfileReport['individualDifferences'];
export type ModuleContributors = PositivityPlan['moduleContributors'][number];
export type OpportunitiesAndAffirmations = PositivityPlan['opportunitiesAndAffirmations'][number];
export type PlanPricing = ApiResult<'getPlanPricing'>;
