/**
 * Public surface of the chart components (lotus charts, shading legend, report charts), for tests
 * and tools. Pages import each chart from its own file instead: importing this index would put
 * every chart kind into their chunks (decision 0041).
 */
export { EightPetalChart, EIGHT_PETAL_INVALID_TEXT } from './EightPetalChart';
export { FourPetalChart, FOUR_PETAL_INVALID_TEXT } from './FourPetalChart';
export type { PetalListChartProps } from './PetalListChart';
export { SinglePetalChart, SINGLE_PETAL_INVALID_TEXT, type SinglePetalChartProps } from './SinglePetalChart';
export { ShadingLegend, type ShadingLegendProps } from './ShadingLegend';
export { EnergyChart, ENERGY_COLOURS, type EnergyChartProps } from './EnergyChart';
export { MindsetChart } from './MindsetChart';
export { ResilienceChart } from './ResilienceChart';
export type { ReportBarChartProps } from './ReportBarChart';
export { NO_VALID_DATA_TEXT, responseColour, withOverallEnergy } from './reportChartData';
export { lotusWidthForContainer, reportChartSize } from './chartSizing';
export { BUILT_IN_WELLSPRING_LABELS, isPetalList } from './petalData';
export type {
  EnergyCategory,
  EnergyChartItem,
  PetalBandEntry,
  PetalChartItem,
  PetalWellspring,
  ReportChartItem,
} from './types';
