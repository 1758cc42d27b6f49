/** Every word of /Admin/Instrument, the instrument's own statistics (issue 26, DESIGN §15). */
import type { ScaleName } from './api/types';

export const INSTRUMENT_TEXT = {
  title: 'Instrument statistics',
  lead: 'How consistently the questionnaire’s items are answered by people who agreed to research, each counted once per form, by their latest completed assessment. Figures resting on fewer than 30 people show as “not enough data”.',
  loading: 'Loading the statistics...',
  failed: 'We could not load the statistics. Please reload the page to try again.',
  signedOutTitle: 'Please log in to see the instrument statistics',
  signedOutBody: 'This page is for administrators.',
  logIn: 'Log In',
  notAllowedTitle: 'This page is for administrators',
  notAllowedBody: 'Your account does not have access to the instrument statistics.',
  toDashboard: 'Back to the Member Dashboard',

  computedAt: (when: string) => `Computed ${when}.`,
  missingValues: 'A person counts for a scale only when they answered every item of it (listwise).',

  normTitle: 'Norm group in use',
  normSource: 'Source',
  normLive: 'Live: completed assessments',
  normBaseline: 'Bundled baseline',
  normProvisional: 'Provisional',
  normN: 'People',
  normComputed: 'Computed',
  normProvenance: 'Provenance',
  yes: 'Yes',
  no: 'No',
  notComputed: 'Not computed',

  exportTitle: 'Research data',
  exportBody:
    'Item-level answers of completed assessments of people who agreed to research, de-identified: a random id per person, no names or e-mail addresses, and age in bands.',
  exportButton: 'Download research data (CSV)',

  formTitle: (form: string) => (form === 'Rapid' ? 'Rapid Assessment' : 'Professional Assessment'),
  /** n counts people: each one's latest completed assessment of the form (decision 0058). */
  formN: (n: string) =>
    n === '1'
      ? '1 person who agreed to research, counted once, by their latest completed assessment of this form.'
      : `${n} people who agreed to research, each counted once, by their latest completed assessment of this form.`,
  scalesCaption: (form: string) => `${form}: scales`,
  scaleColumns: {
    scale: 'Scale',
    items: 'Items',
    n: 'n',
    alpha: 'α',
    mean: 'Mean',
    sd: 'SD',
    inUse: 'α and SD used for reliable change',
  },
  inUse: (source: 'live' | 'baseline', alpha: string, sd: string) => `${source === 'live' ? 'Live' : 'Bundled'}: α ${alpha}, SD ${sd}`,
  /** Energy, Activity and Excitement get no change rows on /Progress. */
  notUsed: 'Not used: progress compares overall, Experiences, Feelings and the eight petals only',
  kind: { overall: 'overall', module: 'module', petal: 'petal' },
  itemsSummary: (scale: string, count: number) => `${scale}: ${count} items`,
  itemsCaption: (form: string, scale: string) => `${form}, ${scale}: items`,
  itemColumns: {
    order: '#',
    question: 'Question',
    n: 'n',
    mean: 'Mean',
    sd: 'SD',
    r: 'Corrected item-total r',
  },
  itemsTitle: 'Items',
  scaleNames: {
    overall: 'WellBeing Overall',
    experiences: 'Experiences',
    feelings: 'Feelings',
    energy: 'Energy',
    Body: 'Body',
    Mind: 'Mind',
    Connection: 'Connection',
    Purpose: 'Purpose',
    Openness: 'Openness',
    Wellness: 'Wellness',
    Significance: 'Significance',
    Efficacy: 'Efficacy',
    Activity: 'Activity',
    Excitement: 'Excitement',
  } satisfies Record<ScaleName, string>,
} as const;
