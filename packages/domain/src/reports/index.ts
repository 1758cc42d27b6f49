export * from './types';
export * from './texts';
export * from './profile-report';
export * from './positivity-plan';
export * from './coach';
