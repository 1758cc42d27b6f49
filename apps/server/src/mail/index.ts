/** Outgoing mail (issue 25, docs/mail.md, decision 0027): queue with `enqueueMail`, in the caller's transaction. */
export { ACCOUNT_MAIL_TEMPLATES, enqueueMail, forgetMailTo, forgetUnsentMail, MAIL_TEMPLATES, onMailQueued, type MailTemplate, type OutgoingMail } from './outbox';
export { listMailTo, type MailRecord } from './records';
export { renderMail, type RenderedMail } from './templates';
