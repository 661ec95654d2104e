import { WEB_ROUTES } from '@siplog/contracts';

/** The id of My Log's 'E-mail me when…' section: /mylog#email-settings opens edit mode there. */
export const EMAIL_SETTINGS_ANCHOR = 'email-settings';
export const EMAIL_SETTINGS_PATH = `${WEB_ROUTES.mylog}#${EMAIL_SETTINGS_ANCHOR}`;
