export * from './life-data';
export * from './norms';
export * from './baseline';
export * from './phrases';
export * from './individual-differences';
export * from './norm-group';
