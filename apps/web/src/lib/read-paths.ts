/**
 * API reads written as templates over a page's route params (`/api/x/:assessmentId`), so the
 * same text serves the app, which fills them in, and the build, which hands them to the server
 * to name in a page's HTML (apps/web/build/route-hints.ts).
 */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
