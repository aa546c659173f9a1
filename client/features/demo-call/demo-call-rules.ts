// The numbers the demo-call dialog shows and waits by, in one place (docs/product-rules.md#call-status).

/** The phone field takes focus this long after the dialog opens. */
export const PHONE_FOCUS_DELAY_MS = 100;
/** 'Incoming Call!' closes the dialog this long after the call starts ringing. */
export const CALLING_CLOSE_AFTER_MS = 7000;
/** 'Call Scheduled' closes the dialog after this long. */
export const SCHEDULED_CLOSE_AFTER_MS = 9000;
/** Demo calls come from this area code; the dialog tells visitors which call to expect. */
export const CALLER_AREA_CODE = '210';
