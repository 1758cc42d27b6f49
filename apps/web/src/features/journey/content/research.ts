/** Texts of the research consent page (spec 01 §2 "Research"). */
export const RESEARCH_TEXT = {
  thanksTitle: 'Thank you for supporting research',
  // U+2011 keeps "well-being" on one line.
  title: 'Help improve well\u2011being research',
  body: [
    "Everyone's results are compared with people who chose to share their answers. If you agree, your answers are included in that research anonymously, without your name or contact details.",
    'Your choice does not change your results, and you can finish the assessment either way.',
  ],
  legend: 'May your answers be used anonymously for research?',
  yes: 'Yes, my answers may be used anonymously for research.',
  no: 'No, please do not use my answers for research.',
  hint: 'Choose one option to continue.',
} as const;
