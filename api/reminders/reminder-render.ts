/** The job kind that makes a reminder's voice note ahead (its handler is bot/delivery/voice-render-jobs.ts). */
export const RENDER_JOB_KIND = 'render';

/** One open render job per reminder: an edit replaces it. */
export const renderJobKey = (reminderId: number) => `reminder:${reminderId}`;
