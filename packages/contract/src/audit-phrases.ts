import type { Language } from './language';
import { type Paise, rupeeText } from './money';
import { statementMessageTexts } from './statement-messages';

/*
 * What an audit row says, in every language (docs/rules.md sections 15 and 21). The server keeps
 * each row's phrase (a template's key and the values it names) beside its English summary, which
 * it writes from the same phrase; the Audit Trail shows the phrase in the reader's language.
 * Names, codes, units, dates and amounts stay as they are; words, month names, counted nouns and
 * a combination's day names are translated.
 */

/** A template's key and the values its placeholders name. */
export interface Phrase {
  key: PhraseKey;
  values?: Record<string, PhraseValue>;
}

/** A counted thing: '3 customers', '1 bill'. */
export type Noun = keyof (typeof nouns)['en'];

/**
 * One placeholder's value: text and numbers as they are (names, codes, '1.5 L', '26/11/2026'),
 * or a value each language words itself.
 */
export type PhraseValue =
  | string
  | number
  | Phrase
  | { money: Paise }
  | { month: number; year: number }
  | { count: number; noun: Noun }
  /** A combination's days as stored: 'Monday, Friday'. */
  | { days: string }
  /** Phrases joined by '; '. */
  | { each: readonly Phrase[] }
  /** Phrases joined by ', '. */
  | { list: readonly Phrase[] };

const english = {
  customer: '{name} (route {route})',
  names: '{shown} … and {more} more',
  customerAdd: 'Added {customer} to {colony}, opening balance {amount}',
  customerUpdate: 'Updated {customer} of {colony}',
  customerDisable: 'Disabled {customer} of {colony}',
  customerEnable: 'Enabled {customer} of {colony}',
  customerImport: 'Imported {count} into {colonies}',
  defaulters: 'Marked defaulters of {colony} for {month}: {count} flagged',
  colonyAdd: 'Added colony {code} ({name}), service charge {amount}',
  colonyUpdate: 'Updated colony {code} ({name}), service charge {amount}',
  colonyDisable: 'Disabled colony {code}',
  colonyEnable: 'Enabled colony {code}',
  combinationAdd: 'Added combination {id}: {days}',
  combinationUpdate: 'Updated combination {id}: {before} → {after}',
  combinationDisable: 'Disabled combination {id}: {days}',
  combinationEnable: 'Enabled combination {id}: {days}',
  combinationDelete: 'Deleted combination {id}: {days}',
  productAdd: 'Added {code} ({name}) at {amount} on combination {combination}',
  productUpdate: 'Updated {code} ({name}) row {id}: {amount}, combination {combination}',
  productAvailable: 'Made {code} ({name}) row {id} available',
  productUnavailable: 'Made {code} ({name}) row {id} unavailable',
  productPrice: 'Changed the price of {code} ({name}) to {amount} from {date}: {rows}, {deliveries}',
  consumption: '{customer}: {product} {quantity} on {days}',
  consumptionAdd: 'Added a consumption for {consumption}',
  consumptionUpdate: 'Updated the consumption of {consumption}',
  consumptionDisable: 'Disabled the consumption of {consumption}',
  consumptionEnable: 'Enabled the consumption of {consumption}',
  consumptionDelete: 'Deleted the consumption of {consumption}',
  consumptionActive: 'Made the consumption of {consumption} active',
  consumptionInactive: 'Made the consumption of {consumption} inactive',
  consumptionDeleteMany: 'Deleted {count}',
  pause: 'pause of {product} for {customer} from {from} {to}',
  pauseEveryProduct: 'pause of every product for {customer} from {from} {to}',
  quantityChange: 'quantity change of {product} to {quantity} for {customer} from {from} {to}',
  toDate: 'to {date}',
  untilFurtherNotice: 'until further notice',
  corrected: '; {count} corrected',
  changeAdd: 'Added a {change}{corrected}',
  changeUpdate: 'Changed a {before} to a {after}{corrected}',
  changeDelete: 'Deleted a {change}{corrected}',
  delivery: '{product} {quantity} for {customer} on {date}',
  generateColony: 'Generated {count} for {colony} on {date}',
  generateColonies: 'Generated {count} for {colonies} on {date}',
  transactionAdd: 'Added {count} of {product} {quantity} at {amount} for {customer}, {date}',
  transactionAddDays: 'Added {count} of {product} {quantity} at {amount} for {customer}, {from} to {to}',
  markDelivered: 'Marked {delivery} delivered',
  markAbsent: 'Marked {delivery} absent',
  marked: 'Marked {groups}',
  markedDelivered: '{count} delivered in {colony} on {date}: {names}',
  markedAbsent: '{count} absent in {colony} on {date}: {names}',
  transactionUpdateDelivered: 'Updated {delivery}: {amount}, delivered',
  transactionUpdateAbsent: 'Updated {delivery}: {amount}, absent',
  transactionDelete: 'Deleted {delivery}',
  transactionDeleteMany: 'Deleted {count}',
  billColony: 'Billed {count} of {colony} for {month}{removed}',
  billColonies: 'Billed {count} of {colonies} for {month}{removed}',
  billsRemoved: '; removed {count}',
  billDelete: 'Deleted the bill of customer {id} for {month}',
  billDeleteMany: 'Deleted {count}',
  received: 'Received {amount} from {customer} for {month}{taken}',
  gaveBack: 'Gave back {amount} to {customer} for {month}{taken}',
  receivedMany: 'Received {amount} from {count} for {month}{taken}',
  takenAt: '; taken {at}',
  takenFromTo: '; taken {from} to {to}',
  linkAdd: 'Made a page link for {customer}',
  linkRenew: 'Made a new page link for {customer}; the old one no longer works',
  linkDelete: 'Deleted the page link of {customer}',
  settingsUpdate: 'Updated the business settings ({name})',
  settingsUnnamed: 'Updated the business settings (no business name)',
  staffSetup: 'Created the first administrator, {username}',
  staffAdd: 'Added {username} as {role}',
  staffChanged: '{username}: {changes}',
  staffUnchanged: 'Saved {username} unchanged',
  staffPassword: 'Changed the password of {username}',
  madeRole: 'made {role}',
  staffDisabled: 'disabled',
  staffEnabled: 'enabled',
  roleAdmin: 'Admin',
  roleOperator: 'Operator',
  roleCollector: 'Collector of {colonies}',
} as const;

export type PhraseKey = keyof typeof english;
type Templates = Record<PhraseKey, string>;

const hindi: Templates = {
  customer: '{name} (रूट {route})',
  names: '{shown} … और {more}',
  customerAdd: '{customer} को {colony} में जोड़ा, पिछला बकाया {amount}',
  customerUpdate: '{colony} के {customer} को बदला',
  customerDisable: '{colony} के {customer} को बंद किया',
  customerEnable: '{colony} के {customer} को चालू किया',
  customerImport: '{colonies} में {count} इम्पोर्ट किए',
  defaulters: '{colony} के {month} के बकायेदार चिह्नित किए: {count}',
  colonyAdd: 'कॉलोनी {code} ({name}) जोड़ी, सर्विस चार्ज {amount}',
  colonyUpdate: 'कॉलोनी {code} ({name}) बदली, सर्विस चार्ज {amount}',
  colonyDisable: 'कॉलोनी {code} बंद की',
  colonyEnable: 'कॉलोनी {code} चालू की',
  combinationAdd: 'दिन-सेट {id} जोड़ा: {days}',
  combinationUpdate: 'दिन-सेट {id} बदला: {before} → {after}',
  combinationDisable: 'दिन-सेट {id} बंद किया: {days}',
  combinationEnable: 'दिन-सेट {id} चालू किया: {days}',
  combinationDelete: 'दिन-सेट {id} हटाया: {days}',
  productAdd: '{code} ({name}) जोड़ा, {amount}, दिन-सेट {combination}',
  productUpdate: '{code} ({name}) लाइन {id} बदली: {amount}, दिन-सेट {combination}',
  productAvailable: '{code} ({name}) लाइन {id} चालू की',
  productUnavailable: '{code} ({name}) लाइन {id} बंद की',
  productPrice: '{code} ({name}) का दाम {date} से {amount} किया: {rows}, {deliveries}',
  consumption: '{customer}: {product} {quantity}, {days}',
  consumptionAdd: 'बंधी जोड़ी: {consumption}',
  consumptionUpdate: 'बंधी बदली: {consumption}',
  consumptionDisable: 'बंधी बंद की: {consumption}',
  consumptionEnable: 'बंधी चालू की: {consumption}',
  consumptionDelete: 'बंधी हटाई: {consumption}',
  consumptionActive: 'बंधी चालू की: {consumption}',
  consumptionInactive: 'बंधी रोकी: {consumption}',
  consumptionDeleteMany: '{count} हटाईं',
  pause: '{customer} की {product} पर रोक, {from} {to}',
  pauseEveryProduct: '{customer} के हर सामान पर रोक, {from} {to}',
  quantityChange: '{customer} की {product} मात्रा {quantity}, {from} {to}',
  toDate: 'से {date} तक',
  untilFurtherNotice: 'से अगली सूचना तक',
  corrected: '; {count} ठीक कीं',
  changeAdd: 'जोड़ा: {change}{corrected}',
  changeUpdate: 'बदला: {before} की जगह {after}{corrected}',
  changeDelete: 'हटाया: {change}{corrected}',
  delivery: '{customer} को {date} की {product} {quantity}',
  generateColony: '{colony} में {date} की {count} बनाईं',
  generateColonies: '{colonies} में {date} की {count} बनाईं',
  transactionAdd: '{customer} के लिए {product} {quantity} {amount} पर {count} जोड़ीं, {date}',
  transactionAddDays: '{customer} के लिए {product} {quantity} {amount} पर {count} जोड़ीं, {from} से {to}',
  markDelivered: 'पहुँची: {delivery}',
  markAbsent: 'गैरहाज़िर: {delivery}',
  marked: '{groups}',
  markedDelivered: '{colony} में {date} को {count} पहुँचीं: {names}',
  markedAbsent: '{colony} में {date} को {count} गैरहाज़िर: {names}',
  transactionUpdateDelivered: 'बदला: {delivery}: {amount}, पहुँची',
  transactionUpdateAbsent: 'बदला: {delivery}: {amount}, गैरहाज़िर',
  transactionDelete: 'हटाई: {delivery}',
  transactionDeleteMany: '{count} हटाईं',
  billColony: '{colony} में {month} के बिल बनाए: {count}{removed}',
  billColonies: '{colonies} में {month} के बिल बनाए: {count}{removed}',
  billsRemoved: '; {count} हटाए',
  billDelete: 'ग्राहक {id} का {month} का बिल हटाया',
  billDeleteMany: '{count} हटाए',
  received: '{customer} से {month} के लिए {amount} मिले{taken}',
  gaveBack: '{customer} को {month} के {amount} वापस किए{taken}',
  receivedMany: '{month} के लिए {amount} मिले ({count}){taken}',
  takenAt: '; लिए {at}',
  takenFromTo: '; लिए {from} से {to}',
  linkAdd: '{customer} का पेज लिंक बनाया',
  linkRenew: '{customer} का नया पेज लिंक बनाया; पुराना अब नहीं चलेगा',
  linkDelete: '{customer} का पेज लिंक हटाया',
  settingsUpdate: 'डेयरी की सेटिंग बदली ({name})',
  settingsUnnamed: 'डेयरी की सेटिंग बदली (डेयरी का नाम नहीं)',
  staffSetup: 'पहला एडमिन बनाया, {username}',
  staffAdd: '{username} को {role} के रूप में जोड़ा',
  staffChanged: '{username}: {changes}',
  staffUnchanged: '{username} बिना बदलाव के सेव किया',
  staffPassword: '{username} का पासवर्ड बदला',
  madeRole: '{role} बनाया',
  staffDisabled: 'बंद किया',
  staffEnabled: 'चालू किया',
  roleAdmin: 'एडमिन',
  roleOperator: 'ऑपरेटर',
  roleCollector: '{colonies} के वसूली वाले',
};

const gujarati: Templates = {
  customer: '{name} (રૂટ {route})',
  names: '{shown} … અને {more}',
  customerAdd: '{customer}ને {colony}માં ઉમેર્યા, અગાઉનું બાકી {amount}',
  customerUpdate: '{colony}ના {customer}ને બદલ્યા',
  customerDisable: '{colony}ના {customer}ને બંધ કર્યા',
  customerEnable: '{colony}ના {customer}ને ચાલુ કર્યા',
  customerImport: '{colonies}માં {count} ઇમ્પોર્ટ કર્યા',
  defaulters: '{colony}ના {month}ના બાકીદાર નોંધ્યા: {count}',
  colonyAdd: 'કોલોની {code} ({name}) ઉમેરી, સર્વિસ ચાર્જ {amount}',
  colonyUpdate: 'કોલોની {code} ({name}) બદલી, સર્વિસ ચાર્જ {amount}',
  colonyDisable: 'કોલોની {code} બંધ કરી',
  colonyEnable: 'કોલોની {code} ચાલુ કરી',
  combinationAdd: 'દિવસ-સેટ {id} ઉમેર્યો: {days}',
  combinationUpdate: 'દિવસ-સેટ {id} બદલ્યો: {before} → {after}',
  combinationDisable: 'દિવસ-સેટ {id} બંધ કર્યો: {days}',
  combinationEnable: 'દિવસ-સેટ {id} ચાલુ કર્યો: {days}',
  combinationDelete: 'દિવસ-સેટ {id} કાઢ્યો: {days}',
  productAdd: '{code} ({name}) ઉમેર્યું, {amount}, દિવસ-સેટ {combination}',
  productUpdate: '{code} ({name}) લાઇન {id} બદલી: {amount}, દિવસ-સેટ {combination}',
  productAvailable: '{code} ({name}) લાઇન {id} ચાલુ કરી',
  productUnavailable: '{code} ({name}) લાઇન {id} બંધ કરી',
  productPrice: '{code} ({name})નો ભાવ {date}થી {amount} કર્યો: {rows}, {deliveries}',
  consumption: '{customer}: {product} {quantity}, {days}',
  consumptionAdd: 'બંધાણ ઉમેર્યું: {consumption}',
  consumptionUpdate: 'બંધાણ બદલ્યું: {consumption}',
  consumptionDisable: 'બંધાણ બંધ કર્યું: {consumption}',
  consumptionEnable: 'બંધાણ ચાલુ કર્યું: {consumption}',
  consumptionDelete: 'બંધાણ કાઢ્યું: {consumption}',
  consumptionActive: 'બંધાણ ચાલુ કર્યું: {consumption}',
  consumptionInactive: 'બંધાણ રોક્યું: {consumption}',
  consumptionDeleteMany: '{count} કાઢ્યા',
  pause: '{customer}નું {product} બંધ, {from} {to}',
  pauseEveryProduct: '{customer}નું બધું બંધ, {from} {to}',
  quantityChange: '{customer}નો {product} જથ્થો {quantity}, {from} {to}',
  toDate: 'થી {date} સુધી',
  untilFurtherNotice: 'થી આગળની સૂચના સુધી',
  corrected: '; {count} સુધારી',
  changeAdd: 'ઉમેર્યું: {change}{corrected}',
  changeUpdate: 'બદલ્યું: {before}ને બદલે {after}{corrected}',
  changeDelete: 'કાઢ્યું: {change}{corrected}',
  delivery: '{customer}ને {date}ની {product} {quantity}',
  generateColony: '{colony}માં {date}ની {count} બનાવી',
  generateColonies: '{colonies}માં {date}ની {count} બનાવી',
  transactionAdd: '{customer} માટે {product} {quantity} {amount}ના ભાવે {count} ઉમેરી, {date}',
  transactionAddDays: '{customer} માટે {product} {quantity} {amount}ના ભાવે {count} ઉમેરી, {from}થી {to}',
  markDelivered: 'પહોંચી: {delivery}',
  markAbsent: 'ગેરહાજર: {delivery}',
  marked: '{groups}',
  markedDelivered: '{colony}માં {date}એ {count} પહોંચી: {names}',
  markedAbsent: '{colony}માં {date}એ {count} ગેરહાજર: {names}',
  transactionUpdateDelivered: 'બદલી: {delivery}: {amount}, પહોંચી',
  transactionUpdateAbsent: 'બદલી: {delivery}: {amount}, ગેરહાજર',
  transactionDelete: 'કાઢી: {delivery}',
  transactionDeleteMany: '{count} કાઢી',
  billColony: '{colony}માં {month}ના બિલ બનાવ્યા: {count}{removed}',
  billColonies: '{colonies}માં {month}ના બિલ બનાવ્યા: {count}{removed}',
  billsRemoved: '; {count} કાઢ્યા',
  billDelete: 'ગ્રાહક {id}નું {month}નું બિલ કાઢ્યું',
  billDeleteMany: '{count} કાઢ્યા',
  received: '{customer} પાસેથી {month} માટે {amount} મળ્યા{taken}',
  gaveBack: '{customer}ને {month}ના {amount} પાછા આપ્યા{taken}',
  receivedMany: '{month} માટે {amount} મળ્યા ({count}){taken}',
  takenAt: '; લીધા {at}',
  takenFromTo: '; લીધા {from}થી {to}',
  linkAdd: '{customer}ની પેજ લિંક બનાવી',
  linkRenew: '{customer}ની નવી પેજ લિંક બનાવી; જૂની હવે નહીં ચાલે',
  linkDelete: '{customer}ની પેજ લિંક કાઢી',
  settingsUpdate: 'ડેરીનાં સેટિંગ બદલ્યાં ({name})',
  settingsUnnamed: 'ડેરીનાં સેટિંગ બદલ્યાં (ડેરીનું નામ નથી)',
  staffSetup: 'પહેલા એડમિન બનાવ્યા, {username}',
  staffAdd: '{username}ને {role} તરીકે ઉમેર્યા',
  staffChanged: '{username}: {changes}',
  staffUnchanged: '{username} ફેરફાર વગર સેવ કર્યા',
  staffPassword: '{username}નો પાસવર્ડ બદલ્યો',
  madeRole: '{role} બનાવ્યા',
  staffDisabled: 'બંધ કર્યા',
  staffEnabled: 'ચાલુ કર્યા',
  roleAdmin: 'એડમિન',
  roleOperator: 'ઓપરેટર',
  roleCollector: '{colonies}ના વસૂલાત કરનાર',
};

export const phraseTemplates: Record<Language, Templates> = { en: english, hi: hindi, gu: gujarati };

/** Each counted noun, one and many. */
const nouns = {
  en: {
    customer: ['customer', 'customers'],
    bill: ['bill', 'bills'],
    colony: ['colony', 'colonies'],
    consumption: ['consumption', 'consumptions'],
    transaction: ['transaction', 'transactions'],
    delivery: ['delivery', 'deliveries'],
    row: ['row', 'rows'],
  },
  hi: {
    customer: ['ग्राहक', 'ग्राहक'],
    bill: ['बिल', 'बिल'],
    colony: ['कॉलोनी', 'कॉलोनियों'],
    consumption: ['बंधी', 'बंधियाँ'],
    transaction: ['डिलीवरी', 'डिलीवरी'],
    delivery: ['डिलीवरी', 'डिलीवरी'],
    row: ['लाइन', 'लाइनें'],
  },
  gu: {
    customer: ['ગ્રાહક', 'ગ્રાહકો'],
    bill: ['બિલ', 'બિલ'],
    colony: ['કોલોની', 'કોલોનીઓ'],
    consumption: ['બંધાણ', 'બંધાણ'],
    transaction: ['ડિલિવરી', 'ડિલિવરી'],
    delivery: ['ડિલિવરી', 'ડિલિવરી'],
    row: ['લાઇન', 'લાઇન'],
  },
} as const satisfies Record<Language, Record<string, readonly [string, string]>>;

/**
 * Whether a stored phrase names a template of this version (a row written by another version, or
 * a key such as 'toString' that every object inherits, is not one).
 */
export const isKnownPhrase = (phrase: { key: string }): phrase is Phrase => Object.hasOwn(english, phrase.key);

/** The placeholders a template names, in order: 'Deleted {count}' → ['count']. */
export const placeholdersOf = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * A phrase in a language. `dayName` words one day of a combination ('Monday'); the screens pass
 * their own, English keeps the stored names. A placeholder without a value is a mistake in the
 * caller and throws, so no row is written with a hole in it.
 */
export function phraseText(language: Language, phrase: Phrase, dayName: (day: string) => string = (d) => d): string {
  const valueText = (value: PhraseValue): string => {
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    if ('key' in value) return phraseText(language, value, dayName);
    if ('money' in value) return rupeeText(value.money);
    if ('month' in value) return `${statementMessageTexts[language].months[value.month - 1]} ${value.year}`;
    if ('count' in value) return `${value.count} ${nouns[language][value.noun][value.count === 1 ? 0 : 1]}`;
    if ('days' in value) return value.days.split(', ').map(dayName).join(', ');
    if ('each' in value) return value.each.map((p) => phraseText(language, p, dayName)).join('; ');
    return value.list.map((p) => phraseText(language, p, dayName)).join(', ');
  };
  return phraseTemplates[language][phrase.key].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = phrase.values?.[name];
    if (value === undefined) throw new Error(`The phrase ${phrase.key} has no value for {${name}}`);
    return valueText(value);
  });
}

/** How many names a phrase lists before it says how many more there are. */
const NAMES_SHOWN = 10;

/** "Asha, Ravi, Meena"; past ten names, the first ten and "… and 12 more". */
export function namesPhrase(names: readonly string[]): PhraseValue {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? { key: 'names', values: { shown, more: names.length - NAMES_SHOWN } } : shown;
}

/** "Asha (route 3)": a customer in a phrase. */
export const customerPhrase = (c: { customerName: string; route: number }): Phrase => ({
  key: 'customer',
  values: { name: c.customerName, route: c.route },
});

/** "3 customers". */
export const countValue = (count: number, noun: Noun): PhraseValue => ({ count, noun });

/** "November 2026". */
export const monthValue = (month: number, year: number): PhraseValue => ({ month, year });

/** "₹1,500.00". */
export const moneyValue = (paise: Paise): PhraseValue => ({ money: paise });
