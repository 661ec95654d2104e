/**
 * Every user-facing message of spec §5 and §8, kept to the letter (typos included).
 * Dialogs are { title, body } pairs as the generic message dialog shows them.
 */
export interface DialogMessage {
  title: string;
  body: string;
}

/** The titles the generic message dialog shows over a message (spec §8: 'Message', 'Warning', 'Error'). */
export const DIALOG_TITLES = {
  message: 'Message',
  warning: 'Warning',
  error: 'Error',
} as const;

export const REVIEW_MESSAGES = {
  selectLocation: 'Select a location to post a review!',
  enterOrder: 'Enter your order',
  enterReview: 'Enter your review',
  uploadOneImage: 'Upload at least one image',
  invalidFileType: 'Invalid file type.',
  fileTooLarge: 'File is too large, files should be less than 50mb',
  posted: 'Review Posted!',
  loginToPost: 'Login to post a review',
  failed: { title: 'Error', body: 'Invalid post' } satisfies DialogMessage,
  failedLog: 'Error adding post',
} as const;

export const LOGIN_MESSAGES = {
  invalidFields: { title: 'Warning', body: 'Invalid fields.' } satisfies DialogMessage,
  failed: { title: 'Login failed', body: 'Invalid credentials' } satisfies DialogMessage,
  authenticating: 'Authenticating',
} as const;

export const FORGOT_PASSWORD_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Email is not valid.',
  sent: 'A temporary password has been sent to your email.',
  sentIfFound: 'If an account was found, a temporary password was sent to your email.',
} as const;

export const REGISTRATION_MESSAGES = {
  enterCode: 'Enter email verification code',
  weakPassword:
    'Password should be at least 6 characters long and must contain a number and upper and lower case character',
  chooseUsername: 'Choose a username',
  longerUsername: 'Choose a longer username',
  usernameTaken: 'Username is not availble, please choose another username.',
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  zipInvalid: 'Please enter your zip',
  emailInvalid: 'Invalid email address.',
  failed: 'Registration failed, please try again later',
  failedLog: 'Error registering user',
  codeFailed: 'Failed, please try again.',
} as const;

export const PROFILE_MESSAGES = {
  invalidFileType: { title: 'Warning', body: 'Invalid file type.' } satisfies DialogMessage,
  fileTooLarge: { title: 'Warning', body: 'File is too large.' } satisfies DialogMessage,
  noFile: { title: 'Error', body: 'Please select an image before proceeding.' } satisfies DialogMessage,
  passwordTooShort: {
    title: 'Warning',
    body: 'The password must be at least 8 characters long.',
  } satisfies DialogMessage,
  favoriteOrderUpdated: { title: 'Message', body: 'Favorite order updated.' } satisfies DialogMessage,
  imageUploaded: { title: 'Done!', body: 'Image uploaded' } satisfies DialogMessage,
  searchFriendsPlaceholder: 'search friends (min 3 characters)',
  emptyList: (listName: string) => `NO ${listName}`,
} as const;

export const CONTACT_MESSAGES = {
  emailInvalid: 'Please enter a valid email',
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  phoneInvalid: 'Please enter a valid phone',
  messageTooShort: 'Your message is too short.',
  phonePlaceholder: '(555) 555-5555',
  sent: {
    title: 'Message Sent',
    body: 'Thank you for your message. We will get back to you ASAP.',
  } satisfies DialogMessage,
  failed: { title: 'Error', body: 'Failed to send message please try again.' } satisfies DialogMessage,
} as const;

export const ADMIN_MESSAGES = {
  enterSubject: { title: 'Warning', body: 'Enter subject' } satisfies DialogMessage,
  enterMessage: { title: 'Warning', body: 'Enter message' } satisfies DialogMessage,
  selectUser: { title: 'Warning', body: 'Select user' } satisfies DialogMessage,
  invalidOperation: 'Invalid operation',
  postDeleted: 'Post deleted',
  passwordChanged: 'Password changed',
  emailSent: 'Email Sent',
  backupDone: { title: 'Backup finished', body: 'back up done!' } satisfies DialogMessage,
  emailFailed: { title: 'Error', body: 'Failed to send email' } satisfies DialogMessage,
  pleaseWait: 'Please wait',
} as const;

export const PLACE_MESSAGES = {
  noReviews: 'No Reviews Yet...',
  visitLocation: 'Visit Location',
  postYourReview: 'Post Your Review!',
  locationNotFound: { title: 'Location not found', body: 'Please try a different search term.' } satisfies DialogMessage,
} as const;

export const SOCIAL_MESSAGES = {
  loginToComment: 'LOGIN to add a comment',
  joinNow: 'Join Now!',
} as const;

export const MISC_MESSAGES = {
  downloadError: 'File download error',
  dateInvalid: { code: 1, message: 'Date input not valid.' },
} as const;

/** Account answers the spec leaves to the server (the join code, password change, temporary passwords). */
export const AUTH_MESSAGES = {
  codeSent: 'A verification code has been sent to your email.',
  codeInvalid: 'The verification code is not valid or has expired. Please request a new one.',
  emailTaken: 'An account already exists for this email. Please log in instead.',
  oldPasswordWrong: 'Your current password is not correct.',
  passwordChanged: ADMIN_MESSAGES.passwordChanged,
  passwordRequired: 'Enter your password.',
  accountDeactivated: 'Your account is deactivated. Log in again any time to reactivate it.',
  deactivateConfirm: 'You will be signed out everywhere, and people will not find your profile until you log in again.',
  chooseNewPassword: {
    title: 'Choose a new password',
    body: 'You signed in with a temporary password, which works only once. Choose a new password now: enter the temporary password as your current password.',
  } satisfies DialogMessage,
} as const;

/** Profile and follow answers the spec leaves to the server. */
export const USER_MESSAGES = {
  notFound: 'User not found',
  cannotFollowSelf: 'You cannot follow yourself.',
  imageRemoved: 'Image removed',
  detailsUpdated: 'Profile updated.',
  approveFollowersOn: 'Follows from other servers now wait for your answer in your notifications.',
  approveFollowersOff: 'Follows from other servers are accepted at once again; requests already waiting stay in your notifications.',
} as const;

/** Messages the server answers with where the spec names none. */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  unauthorized: 'Please log in to continue.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests, please try again later.',
  invalidRequest: 'Invalid request.',
  payloadTooLarge: 'The request is too large.',
  imageTooManyPixels: 'This image has too many pixels: at most 100 megapixels, please.',
  /** An image whose decoding alone would hold more memory than the server sets aside (a large interlaced PNG, progressive JPEG or GIF; the API's decode-cost.ts). */
  imageTooCostlyToDecode: 'This image is too large to process in its format. Please send it as a regular JPEG, or at a smaller size.',
  internal: 'Something went wrong, please try again.',
  unknownField: (field: string) => `Unknown field: ${field}`,
} as const;

/** The input rules every schema shares (see schemas/fields.ts), the same answer on SQLite and PostgreSQL. */
export const INPUT_MESSAGES = {
  invalidId: 'A valid id is required.',
  controlCharacters: 'Text cannot contain control characters (only tabs and line breaks).',
} as const;
