/**
 * The values each company setting may take (doc 1 §3 Setting keys, §9 Settings options). The web's
 * Options tab draws one select per key from this list; PUT /settings/{key} refuses anything else.
 */
export const SETTING_VALUES: Record<string, readonly string[]> = {
  userRating: ['disabled', 'enabled'],
  scheduleType: ['disabled', 'queue', 'company'],
  call: ['disabled', 'enabled'],
  CheckMsgIsGroup: ['disabled', 'enabled'],
  sendGreetingAccepted: ['disabled', 'enabled'],
  sendMsgTransfTicket: ['disabled', 'enabled'],
  sendGreetingMessageOneQueues: ['disabled', 'enabled'],
  chatBotType: ['text'],
  userCreation: ['disabled', 'enabled'],
  sideMenuInitialState: ['open', 'closed'],
};

/** Keys without a list (added by other contexts) accept any value the request schema allows. */
export const isAllowedSettingValue = (key: string, value: string) =>
  !Object.hasOwn(SETTING_VALUES, key) || SETTING_VALUES[key].includes(value);
