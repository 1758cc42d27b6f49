/**
 * The journey's question pages (spec 01 §2): shared by the journey, which leads through them, and
 * the member dashboard, whose Continue leads back into one. Module and petal names are the
 * instrument's own, so they need no escaping.
 */
export const rapidModulePath = (moduleName: string) => `/Rapid/${moduleName}`;
export const proModulePath = (moduleName: string) => `/Pro/${moduleName}`;
export const petalQuestionsPath = (moduleName: string, petalName: string) => `/Pro/${moduleName}/${petalName}/Questions`;
