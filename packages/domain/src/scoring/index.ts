export * from './types';
export * from './answers';
export * from './stats';
export * from './score-assessment';
export * from './positivity-potential';
export * from './coverage';
export * from './resume-point';
