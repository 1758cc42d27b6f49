/**
 * Data shapes the chart components accept. They mirror the API payloads (spec 01 §3
 * "Chart data", spec 02 §3 "Single petal data", "Energy chart item", profile chartData)
 * and stay loose on purpose: the charts validate what they are given and show the
 * spec's "invalid data" texts instead of crashing on a malformed response.
 */

/** One band (inner, middle or outer) of a wellspring: a 0..4 value and its icon file. */
export interface PetalBandEntry {
  /** 0 (Rarely) to 4 (Very Often); averages may be fractional. Default 2 (spec 01 §9). */
  value: number;
  /** Asset file name such as "rest.svg", served from /icons/. */
  icon?: string;
  /** Wellspring identifier ("BeKind"), present in single-petal data (spec 02 §3). */
  wellspringName?: string;
}

/** One wellspring of a petal: its three bands from the centre outwards. */
export interface PetalWellspring {
  inner: PetalBandEntry;
  middle: PetalBandEntry;
  outer: PetalBandEntry;
}

/** One petal of the lotus as the API returns it. */
export interface PetalChartItem {
  /** Petal name, e.g. "Body"; also picks the built-in colour and wellspring labels. */
  id: string;
  /** Label shown around the flower; falls back to `id`. */
  displayName?: string;
  /** Base colour as "#rrggbb"; the bundled palette is used when absent. */
  colour?: string;
  /** Wellspring labels in data order; fall back to the built-in labels of the petal. */
  wellspringNames?: string[];
  wellsprings: PetalWellspring[];
}

/** A category of a report bar chart (profile report chartData). */
export interface ReportChartItem {
  category: string;
  values: number[];
  subCategories?: string[];
}

export type EnergyCategory = 'Activity Range' | 'Excitement Range' | 'Overall Energy';

/** An energy chart item: values are [calm, aware, active] on the 0..4 scale. */
export interface EnergyChartItem extends ReportChartItem {
  category: EnergyCategory | (string & {});
}
