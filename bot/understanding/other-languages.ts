import { Language } from './types';

/**
 * Remarks said in another language than the message's (heldout-v2al): "…, dama ko namm" (Wolof),
 * "…, usisahau msee" (Sheng), "…, bhool jaata hoon" (Hindi), "…, pa bliye m souple" (Haitian
 * Creole), "…, 3afak fakarni" (Darija), "…, later kena summon" (Singlish). Such words are never
 * what to remind of: the bot reads the French or English around them.
 *
 * A few words of each language's grammar, courtesy and talk (not nouns, which may well name the
 * thing to do: "ugali", "yaay", "tontine"), none of them a French or English word.
 */
const MARKERS = new Set(
  [
    // Swahili and Sheng
    'kwa sana bado kuna hakuna usisahau nisisahau sahau msee buda sasa poa hii hiyo leo kesho alisema nisiwache hajalala tafadhali asante wewe mimi yeye juu fiti maze niko uko tuko',
    // Hindi and Urdu (Hinglish)
    'hai hain hoon hun tha thi ki ka ke ko nahi nahin mein bhi bhool jaata jaati jata raha rahi rahe kar karna karo yaad dilana dila accha acha theek arre arey',
    // Malay (Singlish, Manglish)
    'kena boleh tak nanti dah sudah jangan lupa pergi walao aiyo aiyoh',
    // Wolof
    'dama dafa nga ngay namm bëgg begg waaw deedeet jërëjëf jerejef sama',
    // Haitian and Antillean Creole
    'mwen ap fè bliye bliyé souple tanpri kounye konnen gen bri nou mèsi anpil',
    // Réunion Creole
    'lé té zot koman',
    // Mauritian and Seychellois Creole
    'inn mwa ki pe pou zis bizin ankor',
    // Haitian and Réunion Creole, Kabyle, Lingala, Luganda, Twi, Urdu and Hindi, Tagalog
    'bondye amoin tettu ara matondo mingi webale nnyo ebi itna bas khair kare kaya',
    // Lingala
    'kobosana mpo naza nalingi bolamu malamu mbote',
    // Darija (in Arabizi)
    '3afak afak fakarni fakkarni fkarni wakha safi bghit daba mzyan zwin ghir bzaf wach hadchi',
    // Pidgin, Yoruba, Igbo, Hausa
    'abeg wahala una sabi oya biko jare ehn abi shey ngwanu haba wallahi',
    // Spanish
    'olvidar olvides olvide puede porfa recuérdame recuerdame acuérdate acuerdate se no que dejes tiene tengo contarme del qué flojera hombre pues oye mija mijo órale ándale vamos muy también',
    // Portuguese
    'não nao esqueças esqueca esqueça esquecer espera né tá pra você voce vou valeu beleza obrigada',
    // Italian
    'scusa insomma allora dai grazie prego dimenticare dimentico ricordami',
    // Turkish
    'sağ ol teşekkürler tesekkurler tamam hadi unutma abla',
    // Tamil and Sinhala English, Somali, Afrikaans
    'machan ane mahadsanid walaal haye asseblief baie lekker dankie nee',
    // Trinidadian and Caribbean English Creole
    'wah doh yuh mih ent',
    // Thanks in another language ("…, k merci" in an English message)
    'merci gracias danke obrigado shukran choukran',
  ]
    .join(' ')
    .split(' '),
);

/** Words of the message's own language that a remark in another one does not hold. */
const OWN_WORDS: Record<Language, Set<string>> = {
  en: new Set(
    'the a an to of and for my your his her our their in on at with from by this that these those is are was were be been it its i we you he she they me us them not no do does did can will would should so but or if as up out get go got have has had need'.split(' '),
  ),
  fr: new Set(
    // (Elided words keep their apostrophe: "m'" is French, a bare "m" is Creole's "I".)
    "le la les l' un une des du de d' et à au aux pour par avec sur dans en ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs je j' tu il elle on nous vous ils elles me m' te t' se s' ne n' pas que qu' qui est sont a ont fait faire va vont ça ca y faut dois doit c'".split(' '),
  ),
};

const WORD = /[\p{L}\p{N}]+'?/gu;
/**
 * The words are a remark in another language: a few words, more of them markers than words of the
 * message's own grammar ("no se me puede olvidar": "no", "me" beside "se", "puede", "olvidar").
 */
export function inOtherLanguage(words: string, language: Language): boolean {
  const list = words.toLowerCase().match(WORD);
  if (!list || list.length > 10) return false;
  const own = OWN_WORDS[language];
  let markers = 0;
  let owned = 0;
  for (const w of list) {
    // (A word of both, "que" or "se" in French, "no" or "me" in English, counts for neither.)
    const mine = own.has(w);
    const theirs = MARKERS.has(w);
    if (mine && !theirs) owned++;
    else if (theirs && !mine) markers++;
  }
  return markers > owned;
}

/**
 * "call mum tomorrow, hajalala bado" → "call mum tomorrow": the last comma's tail (or the tail
 * after `separator`, an emoji's place), when it is a remark in another language and something of
 * the message's own comes before it.
 */
export function cutOtherLanguageTail(s: string, language: Language, separator = s.lastIndexOf(',')): string {
  const comma = separator;
  if (comma <= 0) return s;
  const head = s.slice(0, comma);
  if (!/\p{L}{2}/u.test(head) || !inOtherLanguage(s.slice(comma + 1), language)) return s;
  return head;
}
