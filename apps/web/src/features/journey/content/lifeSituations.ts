/** Texts of the Life Situations page that are not part of the server's form content. */
export const LIFE_SITUATIONS_TEXT = {
  /** Shown above a form filled in from the person's last answers (issue 23 §6). */
  prefilled: (date: string) => `Filled in from your answers on ${date}. Check that each one is still right, then continue.`,
} as const;
