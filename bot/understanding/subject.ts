import { cutOtherLanguageTail, inOtherLanguage } from './other-languages';
import { Language } from './types';
import { oneTypoFrom } from './typos';

const L = '[\\p{L}\\p{N}]';
/** Nouns in -ing that are no verb ("mum's wedding", "the meeting"). */
const ING_NOUN = String.raw`(?:wedding|meeting|building|morning|evening|ceiling|clothing|painting|cooking|baking|washing|thing|king|ring|wing|sibling|bedding|pudding|icing|stuffing|frosting|setting|parking|booking|recording|christening|housewarming|landing|swing|string|spring|offspring|birthday)`;
const wordStart = `(?<!${L})`;
const wordEnd = `(?!${L})`;

/** Trigger phrases, tried at the start of what is left once date words are gone (rule 12). */
const TRIGGERS: Record<Language, RegExp[]> = {
  en: [
    /^(?:(?:can|could|would|will)\s+(?:you|u|ya)\s+)?(?:please\s+)?(?:(?:remind|tell|ask|ping|alert|notify|text|message|nudge)\s+(?:me|us)|pa[-\s]?remind(?:\s+(?:naman|nga))?)(?:\s+po)?(?:\s+(?:again|once\s+more|one\s+more\s+time|also|too))?(?:[\s,]+(?:to|2(?=\s+\p{L})|fi(?=\s+\p{L})|tae(?=\s+\p{L})|for(?=\s+\p{L})|(?:make|mek)\s+(?:i|we)(?=\s+\p{L})|that|about|abt|'?bout|re:?|regarding|concerning|of|so\s+(?:that\s+)?(?:i|we)\s+(?:can|could|will|remember\s+to|don'?t\s+forget\s+to)|in\s+order\s+to|so\s+that|so|when|if))?(?![\p{L}])/iu,
    /^(?:please\s+)?(?:don'?t|do\s+not|dont)\s+(?:let\s+me\s+)?forget(?:\s+(?:to|that|about))?(?![\p{L}])/iu,
    // "wake me up in 9 hours to leave for the airport": the wake-up is the request, what it is for the subject.
    /^(?:(?:can|could|would|will)\s+(?:you|u|ya)\s+)?(?:please\s+)?wake\s+(?:me|us)(?:\s+up)?\s+(?:to|for|so\s+(?:that\s+)?(?:i|we)\s+can)(?=\s+\p{L})/iu,
    /^(?:please\s+)?(?:set|create|add|make|schedule|put\s+in)\s+(?:a\s+|me\s+a\s+|an?\s+)?(?:reminder|alarm|alert)(?:\s+(?:to|for|about|that))?(?![\p{L}])/iu,
    // "todo: …", "to-do: …"; "to do yoga" is a task with its own verb, not a list heading.
    /^(?:(?:add\s+(?:this\s+)?to\s+(?:my\s+)?reminders|(?:new|quick)\s+reminder|reminder|alarm|note\s+to\s+self|todo)(?:\s*:|\s+(?:to|for|about|that)(?![\p{L}]))?|to[\s-]do\s*:|(?:make\s+a\s+)?note(?:\s+(?:that|down\s+that)(?![\p{L}])|\s*:))/iu,
    /^there(?:'s|\s+is)(?![\p{L}])/iu,
    // "i have a dentist appointment …", "we've got the plumber …": what the speaker has is the subject.
    /^(?:i|we)\s+(?:have|'ve\s+got|ve\s+got|got)\s+(?=(?:a|an|my|our|the)\s)/iu,
    // "i keep forgetting to …", "i always forget about …": what is forgotten is the subject.
    /^(?:i\s+)?(?:always\s+|keep\s+|kept\s+|often\s+|usually\s+|tend\s+to\s+)?(?:forget|forgetting|forgot)\s+(?:to|about)(?![\p{L}])/iu,
    /^(?:make\s+sure\s+(?:that\s+)?(?:i\s+remember(?:\s+(?:to|that|about))?|i|to)|remember\s+to|i\s+should\s+remember\s+to)(?![\p{L}])/iu,
    /^(?:i\s+|i'(?:ve|ll|d|m)\s+)?(?:really\s+|still\s+|also\s+)?(?:need\s+to|have\s+to|has\s+to|got\s+to|gotta|must|should|ought\s+to|want\s+to|wanna|would\s+like\s+to|be\s+supposed\s+to|am\s+supposed\s+to|supposed\s+to)(?![\p{L}])/iu,
  ],
  fr: [
    /^(?:(?:est-ce\s+que\s+)?(?:tu\s+peux|peux[- ]tu|pourrais[- ]tu|tu\s+pourrais|vous\s+pouvez|pouvez[- ]vous|pourriez[- ]vous)\s+)?(?:(?:me|nous)\s+(?:le\s+)?rapp?ell?er|rapp?el(?:le|ez|les)?(?:[- ](?:le|la|les)[- ](?=moi|nous))?[- ]?(?:moi|nous)(?:-(?:le|la|les)(?![\p{L}]))?)(?:\s+(?:encore|[àa]\s+nouveau|de\s+nouveau|une\s+autre\s+fois)(?![\p{L}]))?(?:\s+(?:[àa]\s+propos\s+(?:de|du|des)|au\s+sujet\s+(?:de|du|des)|concernant|pour\s+que|afin\s+de|de|que|qu'il\s+faut\s+que|du|des|pour)(?![\p{L}])|\s*(?:[àa]\s+propos|au\s+sujet|afin)\s+d'|\s*d'|\s+d(?=\s+[aeiouyhàâéèêîôû])|\s*qu')?/iu,
    /^(?:ne\s+|n')?oublie(?:z|s)?\s+pas(?:\s+(?:de|que)(?![\p{L}])|\s*d'|\s+d(?=\s+[aeiouyhàâéèêîôû])|\s*qu')?/iu,
    /^ne\s+me\s+laisse\s+pas\s+oublier(?:\s+de(?![\p{L}])|\s*d')?/iu,
    // Creole "pa bliye (mwen)": don't forget.
    /^(?:(?:fè|fe)\s+(?:mwen|mwa)\s+)?pa\s+bliy[eé](?:\s+(?:mwen|mwa|moi))?(?:\s*:|\s+(?:de|pou|ki|k)(?![\p{L}]))?(?=\s*\p{L})/iu,
    /^(?:fais|faites)[- ]moi\s+penser(?:\s+(?:[àa]|au|aux)(?![\p{L}]))?/iu,
    // "réveille-moi dans neuf heures pour partir à l'aéroport": the wake-up is the request, what it is for the subject.
    /^(?:(?:tu\s+peux|peux[- ]tu|pourrais[- ]tu|tu\s+pourrais)\s+(?:me\s+r[ée]veiller|m'r[ée]veiller)|r[ée]veill?(?:e|ez)[- ]moi)\s+(?:pour|afin\s+de)(?=\s+\p{L})/iu,
    /^(?:pense|pensez|penser|songe)\s+(?:[àa]|au|aux)(?![\p{L}])/iu,
    /^(?:souviens[- ]toi|rappelle[- ]toi)(?:\s+(?:de|que)(?![\p{L}])|\s*d'|\s*qu')?/iu,
    /^(?:pr[ée]viens|avertis|alerte)[- ]moi(?:\s+(?:quand\s+il\s+faut|de|pour|que)(?![\p{L}])|\s*d'|\s*qu')?/iu,
    /^(?:mets|mettez|mettre|cr[ée]e|cr[ée]ez|ajoute|ajoutez|programme|programmez|je\s+voudrais|j'aimerais|je\s+veux|il\s+me\s+faut)(?:[- ]moi)?\s+(?:un|une)\s+(?:rappel|r[ée]veil|alarme|alerte)(?:\s+(?:pour|de)(?![\p{L}])|\s*d')?/iu,
    // "j'oublie toujours de …", "je n'arrête pas d'oublier de …": what is forgotten is the subject.
    /^(?:j'|je\s+)(?:n'arr[êe]te\s+pas\s+d'|ne\s+cesse\s+(?:pas\s+)?d')?oubli\p{L}*\s+(?:toujours\s+|tout\s+le\s+temps\s+|souvent\s+|sans\s+arr[êe]t\s+)?(?:de(?![\p{L}])|d'|qu')/iu,
    // "assure-toi que …", "fais gaffe que j'oublie pas de …".
    /^(?:(?:assure|assurez)[- ](?:toi|vous)\s+que|fais\s+gaffe\s+(?:[àa]\s+ce\s+)?que\s+(?:je\s+n'oublie|j'oublie)\s+pas\s+(?:de(?![\p{L}])|d'))/iu,
    // "(il) y a le marché demain": what there is, is the subject.
    /^(?:il\s+)?y\s+a(?![\p{L}])/iu,
    // "j'ai un rdv chez le dentiste …", "on a la réunion …": what the speaker has is the subject.
    /^(?:j'ai|on\s+a|nous\s+avons)\s+(?=(?:un|une|mon|ma|mes|le|la|les|rdv|rendez-vous)(?![\p{L}]))/iu,
    /^(?:nouveau\s+rappel|ajout\p{L}*\s+(?:[àa]|dans)\s+(?:mes|la\s+liste\s+des?)\s+rappels?|rappel|note|notez|pense-b[êe]te|[àa]\s+faire)(?![\p{L}])(?:\s*:|\s+(?:pour|de|que)(?![\p{L}])|\s*d'|\s*qu')?/iu,
    // "j'aimerais que tu me rappelles de", "je voudrais que vous me rappeliez de", "tu me rappelles de".
    /^(?:(?:j'aimerais|je\s+voudrais|je\s+veux|ce\s+serait\s+bien|il\s+faudrait)\s+que\s+)?(?:tu|vous)\s+me\s+rappel(?:les|le|iez|ez|eras|erez|erais|eriez|lerai[st]?|leras|lerez|leriez|lerais|lerait)(?![\p{L}])(?:\s+(?:de|que)(?![\p{L}])|\s*d'|\s*qu')?/iu,
    /^(?:je\s+(?:ne\s+)?dois\s+pas\s+oublier|j'?dois\s+pas\s+oublier|(?:il\s+)?(?:ne\s+)?faut\s+(?:surtout\s+)?pas\s+(?:que\s+j'oublie|que\s+je\s+oublie|(?:que\s+)?j'oublie|oublier)|(?:il\s+)?(?:ne\s+)?faut\s+(?:surtout\s+)?pas\s+oublier)(?:\s+(?:de|que)(?![\p{L}])|\s*d'|\s*qu')?/iu,
    /^(?:il\s+)?(?:me\s+)?(?:faut|faudrait|faudra)\s+(?:absolument\s+|vraiment\s+)?(?:que\s+j'|que\s+j(?=(?:pense|dois|vais|aille)(?![\p{L}]))|(?:que\s+je|qu'on|que\s+l'on|que)(?![\p{L}]))/iu,
    /^(?:il\s+)?(?:me\s+)?(?:faut|faudrait|faudra)(?![\p{L}])/iu,
    /^(?:je\s+|j')?(?:dois|devrais|devrai|vais|veux|voudrais|aimerais|ai\s+besoin\s+d'|ai\s+besoin\s+de|ai\s+à|ai\s+a)(?![\p{L}])/iu,
  ],
};

/** Words a speech transcript adds that carry nothing (removed anywhere). */
const FILLERS_ANYWHERE: Record<Language, RegExp> = {
  // Dictated punctuation ("virgule", "comma") is a voice transcript's too.
  en: new RegExp(`${wordStart}(?:u+m+|u+h+m*|e+r+m*|h+m+|ah+|please|pls|plz|kindly|comma|full\\s+stop|without\\s+fail|yall?ah?|khalas|insh'?allah|insha'?\\s?allah|god\\s+willing)${wordEnd}[,.]?`, 'giu'),
  fr: new RegExp(
    `${wordStart}(?:eu+h+|heu+|hu+m+|hm+|bah|ben|tsé|t'sais|s'il\\s+(?:te|vous)\\s+pla[iî]t|stp|svp|stpl|steup(?:l[ée])?|virgule|point[\\s-]virgule|du\\s+coup|sans\\s+faute|inch'?\\s?allah|insh'?allah|insha'?\\s?allah|si\\s+dieu\\s+le\\s+veut|wallah(?:i)?|yall?ah?|khalas|on\\s+dit\\s+quoi|tkt|peuch[èe]re|quand\\s+m[êe]me|qd\\s+m[êe]?me?)${wordEnd}[,.]?`,
    'giu',
  ),
};

/** Words that only count as filler at the edges ("ok remind me...", "... thanks"). */
/**
 * A name or an endearment said to the bot ("mate", "mon frère", "boss"): an edge filler only when
 * a comma or the request follows it, so "remind me to love my wife" or "boss meeting" keep theirs.
 */
const ASKING_NEXT = String.raw`(?=\s*[,!:]|\s+(?:remind|ping|nudge|bug|can|could|would|will|please|pls|plz|set|don'?t|dont|make|give|help|i\s|rappel|rapel|tu\s|peux|pourrais|n'|oublie|faut|il\s|fais|mets|dis|stp|svp|pense))`;
/** Whom a request is said to ("mate", "mon frère", "boss"). */
const ADDRESSEE: Record<Language, string> = {
  en: String.raw`(?:mate|m8|bro|bruv|dude|buddy|pal|boss|oga|bhai|bhaiya|machan|walaal|sis|bestie|fam|my\s+(?:friend|guy|dude|man|love|dear)|love|hun|babe|look|bot|robot|siri|alexa|rappel)`,
  fr: String.raw`(?:mon\s+(?:fr[èe]re|ami|amie|pote|gars|cher|chou|c(?:œ|oe)ur|reuf|grand)|ma\s+(?:s(?:œ|oe)ur|ch[ée]rie|belle|grande|puce|ch[èe]re)|fr[ée]rot|frangin|fada|chef|boss|patron|tonton|tata|tantine|ch[ée]rie?|bot|robot|rappel)`,
};
const VOCATIVE: Record<Language, string> = {
  en: ADDRESSEE.en + ASKING_NEXT,
  fr: ADDRESSEE.fr + ASKING_NEXT,
};
const EDGE_FILLERS: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`^(?:ok(?:ay)?|k|so|well|hey(?:\s+there)?|hi(?:ya)?|hello|howdy|g'day|kia\s+ora|yo|right|alright|(?:oh|ah)(?:\s+(?:yes|yeah|right))?|and|also|then|just|now|quick(?:ly)?|quick\s+one|hey\s+\w+bot|like|yeah|yep|sure|actually|basically|listen|hmm+|btw|by\s+the\s+way|one\s+more\s+thing|good\s+(?:morning|afternoon|evening)|eish|aney|ayo|from\s+now(?:\s+on)?|going\s+forward|abeg|biko|oya|sasa|manze|niaje|wagwan|wah\s+gwaan|from\s+here\s+on(?:\s+in)?|${VOCATIVE.en})(?![\p{L}])[\s,.!:]*`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`^(?:ok(?:ay|i)?|alors|bon|donc|faque|fak|fait\s+que|ot[ée]|zot\s+i\s+sava\s*\??|(?:dis|dites|[ée]coute)\s+voir|dis\s+une\s+fois|dis(?:\s+donc)?(?![\s-]+moi)${ASKING_NEXT}|dites(?![\s-]+moi)|${VOCATIVE.fr}|bonjour|bonsoir|salut|slt|coucou|cc|allô|allo|wesh|h[ée]|eh|(?:oh|ah)(?:\s+(?:oui|ouais|voil[àa]))?|et|aussi|encore|puis|ensuite|bref|voil[àa]|ouais|ouai|[ée]coute|tiens|du\s+coup|en\s+fait|au\s+fait|en\s+gros|genre|tsé|t'sais|autre\s+chose|petite\s+chose|d[ée]sormais|dor[ée]navant|[àa]\s+partir\s+de\s+maintenant|[àa]\s+l'avenir|(?:asteure|astheure)(?!\s+qu)\b|c'est\s+comment|[çc]a\s+dit\s+quoi)(?![\p{L}])[\s,.!:]*`,
    'iu',
  ),
};
/**
 * What closes a request without being part of it: thanks, a courtesy ("if you can", "si tu
 * peux"), a hedge or a tag ("lol", "hein", "tsé"), emoticons; removed from the end, repeatedly.
 */
const TRAILING_FILLERS: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`[\s,.!:;-]*(?<![\p{L}\p{N}'])(?:` +
      String.raw`(?:thanks?|thank\s+(?:you|u|ya)|thx|tx|ty|tks|ta|cheers|much\s+appreciated|appreciate\s+it|many\s+thanks|merci|gracias|shukran|choukran|salamat(?:\s+po)?|diolch(?:\s+yn\s+fawr)?|(?:god\s+)?bless\s+(?:you|u|ya)|god\s+bless)(?:\s+(?:so|very|ever\s+so|so\s+very)\s+much|\s+a\s+(?:lot|bunch|million|ton)|\s+heaps|\s+in\s+advance|\s+(?:mate|bro|dude|man|buddy|love|hun|babe|bot|pet|hen|duck|luv|chuck|bab|pal|chief|boss|fam|sis|habibi|habibti|sugar|honey|darling|dear|sweetie|sweetheart|drive))?` +
      String.raw`|ok(?:ay)?(?:\s+so|\s+then)?|kk?|sweet\s+as|chur|sharp\s+sharp|chop\s+chop|so\s+(?:it|i|we|they|he|she)\s+(?:is|am|are|was|will|does|do|did)|ke\s+a\s+leboga|asante(?:\s+sana)?|ngiyabonga|dankie|please(?:\s+and\s+thank\s+(?:you|u))?|pls|plz|pleasee+|for\s+me|will\s+(?:you|u|ya)|would\s+(?:you|u|ya)|wouldja|won'?t\s+(?:you|u|ya)|yeah|yep|yup|alright|lol|lmao|(?:ha){2,}h?|(?:he){2,}h?|xx+|` +
      String.raw`if\s+(?:you|u)\s+(?:can|could|would|don'?t\s+mind|please|remember|get\s+a\s+(?:chance|sec|minute))|if\s+possible|if\s+that'?s\s+(?:ok(?:ay)?|alright|possible)|` +
      String.raw`when\s+(?:you|u)\s+(?:can|get\s+a\s+(?:chance|sec|minute|moment))|without\s+fail|no\s+matter\s+what|kindly|real\s+quick|asap|a\.s\.a\.p\.?|` +
      // Indian English "(pls) do the needful": the courtesy that closes a request.
      String.raw`(?:(?:pls|please|plz|kindly)\s+)?do\s+the\s+needful|` +
      // "… ebi serious this time", "… for real this time", "… great craic", Hawaiian "… no forget brah".
      String.raw`(?:(?:ebi|it'?s|i'?m|am|i\s+am)\s+)?(?:serious(?:ly)?|for\s+real)(?:\s+this\s+time)?|(?:great|good|mighty|savage|some)\s+craic|no\s+forget(?:\s+(?:brah|bruh|bro|eh|ah))?|brah|bruh|` +
      String.raw`(?:that\s+|it\s+)?(?:would|'d|wd|will)\s+be\s+(?:great|awesome|amazing|lovely|nice|perfect|helpful|cool|brilliant|grand|ace)|` +
      // Tags and particles: "eh", "hey", "innit", Singapore's "lah" and "(can) or not".
      // Sign-offs: "bye", "kind regards", "have a good one", "love you", "see ya".
      String.raw`(?:ok\s+)?(?:thanks\s+)?(?:bye(?:\s+bye)?|byee+|cya|see\s+(?:ya|you)(?:\s+later)?|ttyl|ciao|cheerio|(?:kind\s+|best\s+|warm\s+)?regards|cheers|xoxo|have\s+a\s+(?:good|great|nice)\s+(?:one|day|night|evening|weekend)|good\s*night|gn)|` +
      String.raw`eh|hey|innit|aye|aney|lah|leh|lor|yaar|ah+|oh+|uh+|um+|(?<!(?:whether|if)(?![\p{L}])[^]*)(?:can\s+)?or\s+not|` +
      // Spoken closings: "so yeah", "and yeah that's it", "that's all", "you know".
      String.raw`(?:and\s+|so\s+)?(?:yeah\s+)?that'?s\s+(?:it|all|about\s+it)|so\s+yeah|and\s+stuff|or\s+whatever|you\s+know|` +
      String.raw`)[\s.!?]*$|\s*(?:[:;=]-?[)(dpDP]+|<3+)[\s.!?]*$`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`[\s,.!:;-]*(?<![\p{L}\p{N}'])(?:` +
      String.raw`(?:(?:pis|et)\s+)?(?:merci|mci|mrc|mersi|thanks|mille\s+mercis?|je\s+(?:vous|te)\s+(?:en\s+)?remercie)(?:\s+(?:beaucoup|bokou|bcp|bien|infiniment|l[àa]|d'avance|par\s+avance|mille\s+fois|[àa]\s+toi|[àa]\s+vous|encore|l'ami|ma\s+belle|mon\s+ami))*` +
      String.raw`|ok(?:ay|i)?|d'accord|dac|stp|svp|stpl|steup(?:l[ée])?|s'il\s+te\s+pla[iî]t|s'il\s+vous\s+pla[iî]t|please|pls|` +
      String.raw`si\s+(?:tu\s+peux|vous\s+pouvez|possible|tu\s+veux\s+bien|vous\s+voulez\s+bien|[çc]a\s+(?:ne\s+)?te\s+d[ée]range\s+pas|[çc]a\s+(?:ne\s+)?vous\s+d[ée]range\s+pas|t'y\s+penses|tu\s+y\s+penses)|` +
      String.raw`(?:ce\s+|[çc]a\s+)?serait\s+(?:super|top|cool|g[ée]nial|gentil|sympa|parfait|id[ée]al)|` +
      String.raw`quand\s+tu\s+(?:peux|pourras|as\s+(?:le\s+temps|un\s+moment))|sans\s+faute|c'est\s+gentil|t'es\s+(?:un\s+amour|un\s+ange|le\s+meilleur|la\s+meilleure|top)|` +
      String.raw`tsé|t'sais|ya3ni|yaani|hein|bisous?|bises|mdr|ptdr|lol|xd|d[èe]h|oh+|ah+|eu+h+|ô|wesh|on\s+est\s+ensemble|(?:et\s+)?voil[àa](?:\s+quoi)?|` +
      // Bambara and Dioula "a ni ce" / "i ni ce" (thanks, greetings).
      String.raw`(?:a|i)\s+ni\s+ce|` +
      // Formules parlées : "ouais", "tu vois", "enfin bref", "c'est tout".
      String.raw`ouais?|tu\s+vois|vous\s+voyez|(?:enfin\s+)?bref|c'est\s+tout|(?<!(?:la|le|une|un|ma|ta|sa|ce|cette)\s)(?:oh?\s+)?fada|` +
      // Formules de fin : "à plus", "bonne soirée", "cordialement", "bonne nuit".
      String.raw`(?:merci\s+)?(?:[àa]\s+plus(?:\s+tard)?|a\+|[àa]\s+\+|ciao|salut|bye|bonne\s+(?:soir[ée]e|journ[ée]e|nuit|fin\s+de\s+journ[ée]e|semaine|apr[èe]s[\s-]midi)|bon\s+(?:apr[èe]s[\s-]midi|week-?end|dimanche)|cordialement|bien\s+[àa]\s+(?:toi|vous)|biz)|` +
      String.raw`)[\s.!?]*$|\s*(?:[:;=]-?[)(dpDP]+|<3+)[\s.!?]*$`,
    'iu',
  ),
};

/**
 * The last words TRAILING_FILLERS can end on: a text whose last word is none of these (and is a
 * word) cannot end with a filler, and skips the longer pattern (robustness.spec.ts checks the
 * phrases against it).
 */
export const FILLER_LAST_WORD: Record<Language, RegExp> = {
  en: /^(?:thanks?|merci|gracias|shukran|choukran|salamat|po|sharp|chop|diolch|fawr|bless|sugar|honey|darling|dear|sweetie|sweetheart|drive|habibi|habibti|you|u|ya|thx|tx|ty|tks|ta|cheers|appreciated|it|much|lot|bunch|million|ton|heaps|advance|mate|bro|dude|man|buddy|love|hun|babe|bot|pet|hen|duck|luv|chuck|bab|pal|chief|boss|fam|sis|ok|okay|so|then|kk?|please+|pls|plz|me|yeah|yep|yup|alright|lol|lmao|(?:ha)+h?|(?:he)+h?|xx+|can|could|would|mind|remember|chance|sec|minute|possible|moment|fail|what|kindly|quick|great|awesome|amazing|lovely|nice|perfect|helpful|cool|brilliant|grand|ace|eh|hey|innit|aye|lah|leh|lor|yaar|a+h+|o+h+|u+h+|u+m+|not|wouldja|bye+|cya|ya|ttyl|ciao|cheerio|regards|best|xoxo|one|day|night|evening|weekend|goodnight|gn|as|chur|is|am|are|was|does|did|leboga|asante|sana|ngiyabonga|dankie|asap|a\.s\.a\.p\.?|aney|all|stuff|whatever|know|needful|time|real|seriously|serious|craic|forget|brah|bruh)$/i,
  fr: /^(?:merci|mersi|bokou|ya3ni|yaani|remercie|mci|mrc|thanks|mercis?|beaucoup|bcp|bien|infiniment|avance|fois|toi|vous|encore|ami|belle|ok|okay|oki|accord|dac|stp|svp|stpl|steup(?:l[ée])?|pla[iî]t|please|pls|peux|pouvez|possible|bien|pas|penses|super|top|cool|g[ée]nial|gentil|sympa|parfait|id[ée]al|pourras|temps|moment|faute|amour|ange|meilleure?|tsé|sais|hein|bisous?|bises|mdr|ptdr|lol|xd|d[èe]h|o+h+|a+h+|e*u+h+|ô|wesh|plus|tard|ciao|salut|bye|soir[ée]e|journ[ée]e|nuit|semaine|midi|end|dimanche|cordialement|demain|biz|aime|amour|fada|ensemble|voil[àa]|quoi|ouais?|vois|voyez|bref|tout|d[èeê]h|ce|l[àa])$/iu,
};
/** A letter or digit, by code unit: ASCII ones, and Latin and other letters from U+00C0 (not × ÷, not surrogates). */
function isWordUnit(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || (c >= 0xc0 && c < 0x2000 && c !== 0xd7 && c !== 0xf7);
}

/** The last word of `s` (letters and digits) and whether only signs follow it: a scan from the end. */
function lastWord(s: string): { word: string; bare: boolean } {
  let end = s.length;
  while (end > 0 && !isWordUnit(s.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && isWordUnit(s.charCodeAt(start - 1))) start--;
  return { word: s.slice(start, end), bare: /^\s*$/.test(s.slice(end)) || /^[\s.!?,]*$/.test(s.slice(end)) };
}

/** Emoji and their joiners, skin tones and presentation selectors. */
const EMOJI = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u{FE0F}\u{200D}\u{20E3}]+/gu;

/**
 * Connectors left hanging once a date is cut out ("on", "le", "pour"). Time spans already carry
 * their own "at"/"à"; particles that belong to a verb ("put in", "turn on") must survive them.
 */
const DANGLING_BEFORE_DATE: Record<Language, RegExp> = {
  en: /(?:^|\s)(?:on|at|by|for|the|of|this|next|before|after|until|till|starting|beginning|from|and|or|it'?s|that'?s)\s*,?\s*$/iu,
  fr: /(?:^|\s)(?:le|la|les|pour|ce|cet|cette|[àa]|d[èe]s|d'ici|avant|apr[èe]s|jusqu'au|jusqu'[àa]|au|en|et|ou|[àa]\s+(?:partir|compter)\s+du|[àa]\s+(?:partir|compter)\s+de|c'est|ce\s+sera)\s*,?\s*$/iu,
};
const DANGLING_BEFORE_TIME: Record<Language, RegExp> = {
  // "at like 7pm", "vers genre 19h": the spoken hedge before a time goes with it.
  en: /(?:^|\s)(?:at|@|around|about|by|for|the|and|or|between|like|starting|beginning|from)\s*,?\s*$/iu,
  // (Arabizi "3la 7h": "at 7".)
  fr: /(?:^|\s)(?:[àa]|vers|pour|environ|et|ou|ce|entre|autour\s+de|aux\s+alentours\s+de|avant|d[èe]s|apr[èe]s|jusqu'[àa]|genre|[àa]\s+(?:partir|compter)\s+de|3la|3al)\s*,?\s*$/iu,
};

export interface RemovedSpan {
  start: number;
  end: number;
  kind: 'date' | 'time';
}

const DANGLING_END: Record<Language, RegExp> = {
  en: /(?:^|\s)(?:at|on|by|for|around|about|from|until|the|of|this|next|and|or|to|before|after)[\s,.!?]*$/iu,
  fr: /(?:^|\s)(?:[àa]|au|aux|le|la|les|pour|vers|d[èe]s|d'ici|en|ce|cet|cette|et|ou|mais|de|du|des|avant|apr[èe]s)[\s,.!?]*$/iu,
};

/** A noun phrase and its "is" left when the date after it is cut ("my mum's bday is [on the 14th]", "le rdv est [jeudi]"). */
const NOUN_IS_END: Record<Language, RegExp> = {
  en: /^((?:my|our|the|his|her|their|your)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s+(?:is|are)[\s,.!?]*$/iu,
  fr: /^((?:mon|ma|mes|le|la|l'|les|notre|nos|son|sa|ses)\s*[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s+(?:est|sont)[\s,.!?]*$/iu,
};

function collapse(s: string): string {
  // Spaces are merged first: on the long runs left where many spans were cut, "\s+," would be
  // retried from every space of the run (quadratic).
  let t = s.replace(/\s+/g, ' ');
  // Brackets emptied by a cut date ("remind me (tomorrow) to…").
  if (/[(\[{]/.test(t)) t = t.replace(/ ?[(\[{] ?[)\]}]/g, '');
  return t
    .replace(/ ([,.!?;:])/g, '$1')
    .replace(/([,;:])(?=[,.!?;:])/g, '')
    .trim();
}

/**
 * The dangling connector at the end of `head`, looked for in its last words only: connectors are
 * short, and scanning the whole text again for every cut span would be quadratic on long input.
 */
function danglingAtEnd(head: string, dangling: RegExp): number {
  const from = Math.max(0, head.length - 48);
  let window = head.slice(from);
  if (from > 0) {
    // Start at a word boundary so a word cut in half is never taken for a connector.
    const space = window.search(/\s/);
    window = space >= 0 ? window.slice(space) : '';
  }
  const m = window.match(dangling);
  return m && m[0].trim() !== '' ? m[0].length : 0;
}

/**
 * `s` without the match of `re` (a pattern anchored at the end) in its last words: what closes a
 * message is short, and an end-anchored pattern tried from every position of a long text costs
 * as much as the text. `minIndex` keeps a match that would take the whole text.
 */
function cutAtEnd(s: string, re: RegExp, minIndex = 0): string {
  let from = Math.max(0, s.length - 120);
  if (from > 0) {
    const space = s.slice(from).search(/\s/);
    if (space < 0) return s;
    from += space;
  }
  const at = leftmostMatch(s.slice(from), re);
  if (at < 0 || from + at < minIndex) return s;
  return s.slice(0, from + at);
}

const STICKY = new WeakMap<RegExp, RegExp>();

/**
 * Where the leftmost match of `re` starts in a short text, trying only where a match can start
 * (the text's start, a separator, a word's first letter) with a sticky copy of `re`: an
 * unanchored alternation of many phrases, tried from every character, is the costlier way.
 */
function isWordOrQuote(c: number): boolean {
  return c === 39 || isWordUnit(c);
}

function leftmostMatch(text: string, re: RegExp): number {
  let sticky = STICKY.get(re);
  if (!sticky) {
    sticky = new RegExp(re.source, re.flags.replace('g', '') + 'y');
    STICKY.set(re, sticky);
  }
  for (let i = 0; i < text.length; i++) {
    if (i > 0 && isWordOrQuote(text.charCodeAt(i)) && isWordOrQuote(text.charCodeAt(i - 1))) continue;
    sticky.lastIndex = i;
    if (sticky.test(text)) return i;
  }
  return -1;
}

function trimPunctuation(s: string): string {
  return s.replace(/^[\s,.;:!?\-–—"“”«»>→•*=]+/u, '').replace(/[\s,;:!?\-–—"“”«»>→•*=]+$/u, '').replace(/\.+$/, '').trim();
}

/**
 * A request to remind, however it is put: a verb of reminding or of not forgetting addressed to
 * the bot ("me rappeler", "me fais penser", "remind me", "ping me", "don't let me forget"), with
 * what follows it as the subject. What comes before it ("tu pourras", "j'ai besoin que tu", "ce
 * serait cool que tu", "hey Siri", "could you", "you know what") is the way of asking and goes
 * too, provided it is short and names no thing of its own (no article or possessive: "acheter le
 * livre qui me rappelle…" keeps its words).
 */
const REQUEST_VERB: Record<Language, string> = {
  en:
    String.raw`(?:remind|ping|tell|alert|notify|nudge|text|message|buzz|poke|warn|prompt|bug|hassle|pester|badger|chase)(?:s|ed|ing)?\s+me` +
    // Scots and Irish "mind me to …" ("remind me"), not "never mind me", "you mind me asking".
    String.raw`|(?<!(?:never|you|u|ya|d'ye|dya)\s)mind\s+me(?!\s+asking)` +
    // "wake me up (in 9 hours) to leave for the airport": a wake-up asked for, with what it is for.
    String.raw`|wake\s+(?:me|us)(?:\s+up)?(?=\s+(?:to|for)\s+\p{L})` +
    String.raw`|(?:(?:give|giving|gie|gies)\s+(?:me|us)|gimme)\s+a\s+(?:shout|bell|buzz|ring|call|nudge|reminder|heads[\s-]?up)|help\s+me\s+(?:to\s+)?remember` +
    String.raw`|hit\s+me\s+up|(?:holler|shout)\s+at\s+me|let\s+me\s+know|make\s+sure\s+(?:that\s+)?i\s+remember(?:\s+(?:to|that|about))?` +
    String.raw`|(?:send|sent|sending|give|giving|gave|shoot|drop|flick|chuck|fire)\s+me\s+(?:a\s+)?(?:quick\s+)?(?:reminder|nudge|ping|text|message|heads[\s-]?up)` +
    String.raw`|(?:set|create|add|make|schedule|put|pop|stick|setting|creating|adding|putting)(?:\s+(?:up|in))?\s+(?:me\s+)?(?:up\s+)?(?:a|an)\s+(?:quick\s+)?(?:reminder|alarm|alert)(?:\s+(?:in|up))?(?:\s+for\s+me)?` +
    String.raw`|make\s+sure\s+(?:that\s+)?i(?!\s+(?:don'?t|do\s+not)\s+forget|\s+remember)(?=\s)` +
    // "a reminder every monday …", "(yo) a quick reminder friday …": the request as a noun, said first.
    String.raw`|(?<=^(?:(?:yo|hey|hi|ok|okay|so|please|pls|plz|just|quick|and|also|oh|um|uh|right|alright)[!,]*\s+)?)(?:a|an|one)\s+(?:quick\s+|little\s+|lil\s+|small\s+|wee\s+|friendly\s+)?(?:reminder|alarm|alert)(?=\s+(?:for|to|about|that|every|each|on|at|in|tomorrow|tonight|today|next|this|\d)(?![\p{L}])|\s*[,:])` +
    String.raw`|(?:need|want|like|love|get|have|use|appreciate)\s+(?:(?:(?:a|an)\s+(?:quick\s+|little\s+|small\s+|friendly\s+)?|(?<=(?:need|want)\s+))(?:reminder|alarm|alert|nudge|heads[\s-]?up)|(?:some\s+)?reminders|reminding)(?:\s+for\s+me)?|(?:be|get|being|getting)\s+reminded` +
    // Pidgin and Jamaican "no let me forget", "nuh mek mi forget", "no forget to remind me".
    // "…, wee reminder pls", "…, quick reminder please": the reminder asked for, said last.
    String.raw`|(?:(?:a|an)\s+)?(?:wee|quick|little|lil|small|friendly|gentle)\s+reminder(?=[\s,]*(?:pls|please|plz|thanks|thx|ta|cheers|mate)?[\s.!?]*$)|reminder\s+(?:pls|please|plz)(?=[\s.!?]*$)|(?<=(?:^|[,.!;])\s*(?:(?:pls|please|plz|kindly)\s+)?)(?:reminder|remind)(?=[\s.!?]*$)` +
    String.raw`|(?:don'?t|do\s+not|doh|never|not|no|nuh)\s+(?:let|mek)\s+(?:me|mi)\s+(?:forget|flake|bail|slack|oversleep|sleep(?:\s+in)?(?=(?:\s+\p{L}+)?[\s.!?]*$)|be\s+late|(?:skip|miss|sleep\s+(?:through|past|in\s+for))\s+(?:it|this|that|them))|make\s+sure\s+(?:that\s+)?i\s+(?:don'?t|do\s+not)\s+forget|(?:don'?t|do\s+not)\s+forget|no\s+forget\s+(?:to\s+)?remind\s+me`,
  fr:
    // "…, rappelle stp": the request alone, said last; "…, faut me rappeler ça": it must be done.
    String.raw`(?<=(?:^|[,.!;])\s*)rapp?elle(?=[\s,]*(?:stp|svp|merci|s'il\s+te\s+pla[iî]t)?[\s.!?]*$)|(?:il\s+)?(?:faut|faudrait|faudra)\s+(?:me|m')\s*(?:le\s+|la\s+|les\s+|l')?rapp?ell?er|` +
    String.raw`(?:me|m')\s*(?:(?:le\s+|la\s+|les\s+|l')(?=rapp?ell?))?(?:rapp?ell?\p{L}*|remind\p{L}*|f(?:ai|er)\p{L}*\s+penser|fass\p{L}*\s+penser|f(?:ai|er|ass)\p{L}*\s+signe|pr[ée]vien\p{L}*|pr[ée]venir|avert\p{L}*|alert\p{L}*|notifi\p{L}*|relanc\p{L}*)` +
    String.raw`|(?:m'|me\s+)?(?:mett\p{L}*|mets|f(?:ai|er)\p{L}*|cr[ée]\p{L}*|ajout\p{L}*|programm\p{L}*|envoi\p{L}*|envoy\p{L}*|donn\p{L}*|laiss\p{L}*|fix\p{L}*|cal(?:e|ez|er)|pos(?:e|ez|er)|balanc\p{L}*)(?:[- ]moi)?\s+(?:un|une)\s+(?:petit\s+|p'tit\s+)?(?:rappel|r[ée]veil|alarme|alerte|notif\p{L}*|message)(?:\s+pour\s+moi)?` +
    String.raw`|(?:me\s+(?:re)?di(?:re|s|ras|rais|tes|rez)|(?:re)?dis[- ]moi|dites[- ]moi)(?=\s+(?:de|d')|\s*d')` +
    String.raw`|[êe]tre\s+(?:pr[ée]venue?|averti\p{L}*|rappel[ée]e?|notifi[ée]e?)` +
    String.raw`|f(?:ai|er)\p{L}*[- ]moi[- ]y\s+penser|pens\p{L}*\s+[àa]\s+me\s+(?:le\s+|la\s+|l')?(?:rappeler|dire)(?![\p{L}])|f(?:ai|er)\p{L}*[- ]moi\s+signe|(?:relanc|notifi|alert|avert|bip|sonn)\p{L}*[- ]moi` +
    String.raw`|(?:besoin\s+d'|faut\s+|veux\s+|voudrais\s+|aimerais\s+|souhaite\p{L}*\s+|prendrais\s+)(?:bien\s+)?(?:un|une)\s+(?:petit\s+|p'tit\s+)?(?:rappel|alarme|alerte)` +
    // "un rappel chaque mardi …", "(wesh) un petit rappel pour …": the request as a noun, said first.
    // (Not after a verb, "acheter un rappel …", nor before what it is of, "un rappel de vaccin".)
    String.raw`|(?<=^(?:(?![\p{L}']*(?:er|ir|re)[!,]*\s)[\p{L}'!,]+\s+)?)(?:un|une)\s+(?:petit\s+|p'tit\s+)?(?:rappel|alarme|alerte)(?=\s+(?:pour|chaque|tous|toutes|demain|ce|cette|dans|[àa]|le|la|les|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|\d|stp|svp|d'\p{L}+(?:er|ir|re)|de\s+\p{L}+(?:er|ir|re))(?![\p{L}])|\s*[,:])` +
    String.raw`|rapp?ell?\p{L}*[- ](?:(?:le|la|les)[- ])?moi|rapp?elle\s+(?:[àa]\s+)?(?:moin|mwen|mwa)(?![\p{L}])|f(?:ai|er)\p{L}*[- ]moi\s+penser|pr[ée]viens[- ]moi|(?:ne\s+)?(?:me\s+)?laiss\p{L}*\s+pas\s+oublier` +
    // "(tanpri) réveille-moi (dans huit heures) pour mon shift": a wake-up asked for, with what it is for.
    String.raw`|r[ée]veill?(?:e|ez)[- ]moi(?=\s+(?:pour|afin\s+de)\s+\p{L})` +
    String.raw`|(?:que\s+)?je\s+n'oublie\s+pas|pour\s+(?:ne\s+)?pas\s+que\s+j'oublie` +
    // "(n')oublie pas de me le rappeler", "oublie pas de me dire": one request, not "oublie pas" + a subject.
    String.raw`|(?:n'|n\s+|ne\s+)?oubli\p{L}*\s+pas\s+de\s+(?:me|m')\s*(?:le\s+|la\s+|l'|les\s+)?(?:rapp?ell?\p{L}*|dire|faire\s+penser|pr[ée]venir)(?=[\s,.!?]|$)` +
    String.raw`|(?:n'|n\s+|ne\s+)?oubli\p{L}*\s+pas`,
};
const REQUEST_TAIL: Record<Language, string> = {
  // (Tagalog "po" after the request is a courtesy: "remind me po to …".)
  en: String.raw`(?:\s+po(?=[\s,]))?(?:[\s,]+(?:to|(?:make|mek)\s+(?:i|we)(?=\s+(?!do\s+(?:am|it|dat|that)(?![\p{L}]))\p{L})|2(?=\s+\p{L})|fi(?=\s+\p{L})|tae(?=\s+\p{L})|that|about|abt|'?bout|re:?|regarding|concerning|of|so\s+that|so|when|if|for))?(?![\p{L}])`,
  fr: String.raw`(?:\s+(?:quand\s+il\s+faut|de|que|qu'il\s+faut\s+que|du|des|[àa]|au|aux|pour)(?![\p{L}])|\s*d'|\s+d(?=\s+[aeiouyhàâéèêîôû])|\s*qu')?(?![\p{L}])`,
};
/** The request at the start of a word; group 1: the word introducing its subject, if any ("to", "de"). */
const REQUEST: Record<Language, RegExp> = {
  en: new RegExp(String.raw`(?<=^|\s)(?:${REQUEST_VERB.en})(${REQUEST_TAIL.en})`, 'iu'),
  fr: new RegExp(String.raw`(?<=^|\s)(?:${REQUEST_VERB.fr})(${REQUEST_TAIL.fr})`, 'iu'),
};
/** How many words may come before the request (a long spoken lead of context, a way of asking). */
const REQUEST_WITHIN_WORDS = 40;
/**
 * The first request within the first REQUEST_WITHIN_WORDS words, as [the text up to its end, the
 * words before it, the word introducing its subject]. (One search, then a count: a pattern that
 * tried the request after each of the first 40 words cost a tenth of all the extraction time.)
 */
function matchRequest(s: string, language: Language): [string, string, string] | null {
  const m = REQUEST[language].exec(s);
  if (!m) return null;
  const before = s.slice(0, m.index);
  if ((before.match(/\S+/g)?.length ?? 0) > REQUEST_WITHIN_WORDS) return null;
  return [s.slice(0, m.index + m[0].length), before, m[1] ?? ''];
}
/** Words that make the text before a reminding verb part of the subject ("buy the book that reminds me"). */
const NAMES_A_THING: Record<Language, RegExp> = {
  en: /(?<![\p{L}'])(?:the|a|an|my|his|her|our|their|its|this|these|those|some)(?![\p{L}'])|\d(?!\p{L}{3})/iu,
  fr: /(?<![\p{L}])(?:le|la|les|l'|un|une|des|du|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|votre|vos|leur|leurs|cette|ces|cet)(?![\p{L}])|\d(?!\p{L}{3})/iu,
};

const SOMEONE_ELSE: Record<Language, RegExp> = {
  en: /(?:^|\s)(?:tell|ask|get|have|remind)\s+(?!me\s|us\s)\p{L}+\s+to\s*$/iu,
  fr: /(?:^|\s)(?:dis|demande|dites|demandez)\s+(?:[àa]\s+)?\p{L}+\s+(?:de\s+|d')$/iu,
};

/**
 * Words that only say who asks and how ("i", "can i", "i'd", "j'ai", "il me"): left alone before a
 * request with nothing after it ("i need a reminder" + date words, its action said in a later
 * part), they are no subject.
 */
const ASKING_ONLY: Record<Language, RegExp> = {
  en: /^(?:(?:i|i'd|i'll|i'm|id|im|we|we'd|can|could|may|might|would|will|really|also|just|so|and|please|pls|you|u|ya|ye|yous|cheers|hiya|hello|ok|okay|hey|hi|yeah|still|do|def(?:initely)?)(?:\s+|$))+$/iu,
  fr: /^(?:(?:je|j'|j'ai|ai|il|me|m'|on|nous|tu|peux|pourrais|pourras|sais|saurais|vas|veux|voudrais|faut|est-ce|que|qu'|et|alors|donc|ok|stp|svp|aussi|encore|vraiment|bien)(?:\s+|$))+$/iu,
};


/** Only whom the request is said to, after it ("…, remind me mate", "rappelle-moi mon frère"). */
const ONLY_ADDRESSEE: Record<Language, RegExp> = {
  en: new RegExp(String.raw`^[\s,]*${ADDRESSEE.en}[\s.!?]*$`, 'iu'),
  fr: new RegExp(String.raw`^[\s,]*${ADDRESSEE.fr}[\s.!?]*$`, 'iu'),
};

/** A clause said after the subject, behind a stop or a courtesy ("…, it's her birthday", "… stp il fait trop chaud"). */
const TRAILING_CONTEXT: Record<Language, RegExp> = {
  en: /(?:[,.;!?]|\s(?:please|pls|plz|thanks|thx))\s+(?:(?:because|cause|coz|cuz|since)\s+)?(?:it's|its|i'm|im|i\s+am|it\s+is|we're|there's|theres|she's|he's|they're)(?![\p{L}])[^]*$/iu,
  fr: /(?:[,.;!?]|\s(?:stp|svp|merci|please))\s+(?:(?:parce\s+que?|car|vu\s+que?|puisque?)\s+)?(?:il\s+fait|il\s+y\s+a|y\s+a|c'est|j'ai|je\s+suis|on\s+est|il\s+est|elle\s+est|[çc]a\s+va)(?![\p{L}])[^]*$/iu,
};

/** Finite verbs a remark's own subject takes ("the installer said", "le camion passe"). */
const REMARK_VERB: Record<Language, string> = {
  en: String.raw`(?:is|are|was|were|has|have|had|will|won't|can|can't|could|should|does|doesn't|did|didn't|said|says|thinks|thought|wants|wanted|needs|needed|keeps|kept|gets|got|changed|comes|came|goes|went|starts|started|ends|closes|opens|leaves|left|arrives|works|told|tells|asked|asks|insists|insisted|recommends|recommended|reckons|mentioned|expires|matters|hates|loves|likes|don|dey|seh|sey)(?![\p{L}'])`,
  fr: String.raw`(?:est|sont|[ée]tait|a|ont|va|vont|vient|viennent|passe|passent|expire|expirent|travaille|travaillent|commence|commencent|finit|finissent|ferme|ferment|ouvre|ouvrent|arrive|arrivent|part|partent|rentre|rentrent|dort|dorment|veut|veulent|peut|peuvent|doit|doivent|dit|disent|fait|font|attend|attendent|co[uû]te|sonne|reste|restent|change|bosse|insiste|r[âa]le|oublie|oublient|marche|marchent|sera|seront|aura|auront|m'a|l'a|nous\s+a|se\s+\p{L}+|s'\p{L}+|ne\s+\p{L}+|n'\p{L}+)(?![\p{L}'])`,
};
/** Subject pronouns of the Creoles, patois and Pidgins, then a word: a clause of its own. */
const CREOLE_SUBJECT: Record<Language, string> = {
  en: String.raw`(?:mi|wi|unu|dem)\s+(?:nuh|nah|cyaan|cyah|caan|deh|a|waan|haffi|fi|did|neva|nevah|kyaan|no|don|go|dey|always|ago)(?![\p{L}'])|me\s+(?:nuh|nah|cyaan|cyah|deh|waan|haffi|no|don|go|dey)(?![\p{L}'])`,
  fr: String.raw`(?:mwen|moin|nou|zot|yo|li)\s+(?:pa|ka|te|ap|la|té|lé|va|kapab|konnen|vlé|vle)(?![\p{L}'])`,
};
/** An exclamation that opens a remark ("…, ya allah these early mornings", "…, mon dieu ces bouchons"). */
const EXCLAMATION = String.raw`(?:h?ay\s+naku|ya\s+(?:allah|rab+i?|rab|lahwi|salam)|oh\s+(?:my\s+)?(?:god|lord|gosh|boy|man|dear)|my\s+(?:god|gosh|lord)|omg|good\s+lord|lord\s+have\s+mercy|mon\s+dieu|oh\s+l[àa]\s+l[àa]|aiy(?:o|a)+h?|eish|haiya?|ay\s+dios(?:\s+m[ií]o)?)(?![\p{L}])`;
/** Only an exclamation ("…, aiyah"). */
const EXCLAIMED = new RegExp(String.raw`^[\s,]*${EXCLAMATION}[\s,.!?]*$`, 'iu');
/** A question of one to three words closing the message ("…, t'as compris ?", "…, you hear?"). */
const SHORT_QUESTION = String.raw`(?:[\p{L}'’]+\s*){1,3}\?[\s?!.]*$`;
/**
 * A remark with a subject of its own said after the subject, behind a comma or a courtesy ("…, le
 * ticket expire", "…, the installer said it matters", "… pls, doc says my levels are low", "…, I
 * keep running late", "…, landlord's orders"). Not when the subject says something to someone
 * (see SPEAKS_TO).
 */
const TRAILING_REMARK: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`(?:[,;!?]|\s(?:please|pls|plz|thanks|thx),?)\s+(?:(?:because|cause|coz|cuz|cos|since|as|sure|sure\s+look|ah|well|plus|alhamdulillah|hamdulillah|inshallah|wallah|honestly|seriously|ag(?:\s+man)?|eish|sjoe|haibo|yoh|shame)\s+)?` +
      // ("…, with the power cuts you never know": a few words that say with what, before the clause.)
      String.raw`(?:(?:with|what\s+with|after|given)\s+(?:[\p{L}'-]+\s+){1,3}?(?=(?:i|we|they|he|she|it|you|u)(?:'\p{L}+)?\s))?(?:` +
      // An exclamation, whatever follows it ("…, ya allah these early mornings", "…, oh god the traffic").
      String.raw`${EXCLAMATION}|` +
      String.raw`(?:you|u|ya)\s+never\s+know|just\s+in\s+case[\s.!]*$|by\s+all\s+means[\s.!]*$|(?:yuh|you|ya|u)\s+know(?:\s+how|\s+what|\s+me)?\s|keep\s+me\s+(?:honest|on\s+track|accountable|motivated|sane)|hold\s+me\s+(?:to\s+it|accountable)|` +
      String.raw`(?:i|we|they|he|she|it)(?:'(?:ve|m|ll|d|re|s))?\s+\p{L}|(?:ive|im|ill|weve|theyre)\s+\p{L}` +
      // Patois and Pidgin say "mi" / "me" / "wi" / "dem" for I, we, they ("…, mi cyaan forget again", "…, me nah go fail").
      String.raw`|${CREOLE_SUBJECT.en}` +
      // "…, her flight land early": a clause whose verb has no "-s", said last.
      String.raw`|(?:my|her|his|their|our|the)\s+\p{L}+\s+\p{L}{2,}\s+(?:early|late|again|soon|today|tomorrow|tonight)[\s.!]*$` +
      // Hindi's "is": "…, his birthday hai".
      String.raw`|(?:[\p{L}'-]+\s+){1,3}(?:hai|hain|tha|thi)[\s.!]*$` +
      String.raw`|(?:(?:the|my|our|his|her|their|your|a)\s+)?(?:\p{L}+\s+){0,2}?\p{L}+\s+${REMARK_VERB.en}` +
      // Any verb in the past, or in the present before a word that says when or how ("…, doctor
      // upped the dose", "…, the depot shuts at noon", "…, the sink leaks again").
      String.raw`|(?:(?:the|my|our|his|her|their|your|a)\s+)?(?:\p{L}+\s+){0,2}?(?!(?:the|a|an|my|our|his|her|their|your|and|or)\s)\p{L}+\s+(?:\p{L}{2,}ed|\p{L}{2,}s(?=\s+(?:again|early|late|at|on|up|down|out|off|soon|today|tomorrow|tonight|every|all|too|now|in)(?![\p{L}'])))(?![\p{L}'])` +
      String.raw`|(?:(?:the|my|our)\s+)?\p{L}+'s\s+(?:orders|advice|rules|instructions|request|idea|suggestion)[\s.!]*$` +
      // "… until april 7th, end of term": the end said again as what it is.
      String.raw`|end\s+of\s+(?:the\s+)?(?:term|semester|school\s+year|season)[\s.!]*$` +
      // "…, going for a quick nap", "…, big day for the family", "…, busy busy", a wish said last.
      String.raw`|(?:going|gonna|heading|off)\s+(?:for|to)\s+\p{L}|(?:big|long|busy|hard|tough|important|special|crazy)\s+(?:day|week|night|one)(?![\p{L}'])|busy\s+busy` +
      String.raw`|(?:happy\s+new\s+year|merry\s+(?:christmas|xmas)|feliz\s+a[ñn]o(?:\s+nuevo)?|feliz\s+navidad|eid\s+mubarak|bonne\s+ann[ée]e)(?:\s+[\p{L}'-]+){0,3}[\s.!]*$` +
      // "…, my turn on the rota", "…, sales open then", "…, the shops close at 6".
      String.raw`|(?:(?:it'?s|its)\s+)?(?:my|your|his|her|our|their)\s+turn(?![\p{L}'])` +
      String.raw`|(?:(?:the|my|our)\s+)?\p{L}{2,}s\s+(?:open|close|start|end|begin|finish|arrive|leave|come|go|shut)(?=\s+(?:then|at|on|today|tomorrow|tonight|soon|early|late)(?![\p{L}']))` +
      // "…, mum's away", "…, keep forgetting which room".
      String.raw`|(?:(?:the|my|our)\s+)?\p{L}+'s\s+(?:away|out|off|sick|ill|home|back|gone|late|not|been|got|always|never|(?!${ING_NOUN}(?![\p{L}]))\p{L}{2,}ing)(?![\p{L}'])` +
      // A tag question of one to three words closing the message ("…, you hear?", "…, dêgg nga?").
      `|${SHORT_QUESTION}` +
      // "…, so I don't forget", Pidgin "…, make I no forget"; "…, traffic go bad otherwise".
      String.raw`|(?:so\s+(?:that\s+)?|make\s+|mek\s+|lest\s+)(?:i|mi|we)(?:\s+(?:(?:no|don'?t|dont|won'?t|do\s+not|doh|nuh)\s+)?(?:forget|fuhget|figet)|[\s.!]*$)|(?:[\p{L}']+\s+){1,5}otherwise[\s.!]*$` +
      String.raw`|(?:keep|kept)\s+\p{L}+ing|(?:always|never)\s+forget|not\s+\p{L}{2,}ing(?![\p{L}'])|no\s+way(?![\p{L}'])|(?:looks|seems|sounds)\s+like(?![\p{L}'])` +
      // "…, b4 it gets too hot": after a comma, "before" and a clause of its own is a remark (without
      // the comma it stays: "walk the dog before it gets hot").
      String.raw`|(?:before|b4|bfr)\s+(?:it|it's|its|they|they're|he|she|we|i|you|u)\s+\p{L}` +
      // "…, would be peak if i forget again", "…, finna stop missing it fr".
      String.raw`|(?:(?:it|that|this)\s+)?(?:would|will|'d|'ll)\s+be\s+(?!(?:great|awesome|amazing|lovely|nice|perfect|helpful|cool|brilliant|grand|ace)(?![\p{L}]))\p{L}|(?:finna|gonna|tryna|bout\s+to)\s+\p{L}` +
      String.raw`)[^]*$`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`(?:[,;!?]|\.(?=\s+(?:[çc]a|c'est|je|j'|on|il|elle)\s*\p{L})|\s(?:stp|svp|merci|please),?)\s+(?:(?:parce\s+que?|parce\s+qu'|car|vu\s+que?|puisque?)\s*)?` +
      // An interjection before the clause: "…, hamdoullah ça va mieux", "…, 3lach j'oublie tout".
      String.raw`(?:(?:hamdou?l+ah|al?hamdoulil+ah|inch?al+ah|wallah|3lach|wesh|taw|bref|enfin|franchement|s[ée]rieux|ouf|heureusement)[\s,]+)?` +
      // ("…, avec les délestages on sait jamais": a few words that say with what, before the clause.)
      String.raw`(?:(?:avec|vu|apr[èe]s|depuis|pendant|en\s+pleine?)\s+(?:[\p{L}'-]+\s+){1,3}?(?=(?:je|j'|il|elle|on|ils|elles|nous|[çc]a)\s*\p{L}))?(?:` +
      // "…, c'est mon tour", "…, mon tour de poubelles".
      String.raw`(?:c'est\s+)?(?:mon|ton|son|notre|leur)\s+tour(?![\p{L}'])|` +
      String.raw`${EXCLAMATION}|` +
      String.raw`(?:je|il|elle|on|ils|elles|nous)\s+\p{L}|j'\p{L}|[çc]a\s+\p{L}|(?:juste\s+)?au\s+cas\s+o[ùu][\s.!]*$` +
      // Creoles: "…, mwen pa ka …", "…, zot la di …", "…, lé important ça", and "X a di sa" (someone said so).
      String.raw`|${CREOLE_SUBJECT.fr}|lé\s+\p{L}{3,}|[\p{L}'-]+\s+a\s+(?:di|dit|koupe|fini|rive|pati)(?![\p{L}])` +
      // A wish said last: "…, bonne année (an avans) !".
      String.raw`|(?:bonne\s+ann[ée]e|joyeux\s+no[ëe]l|bonne\s+f[êe]te)(?:\s+[\p{L}'-]+){0,3}[\s.!]*$` +
      // "…, y'a la pluie qui arrive", "…, il y a grève".
      String.raw`|(?:il\s+)?y\s*'?\s*a(?:vait|ura)?\s+\p{L}` +
      // Quebec "y" for "il": "…, y fait frette".
      String.raw`|y\s+(?:fait|va|vient|pleut|neige|mouille|gèle|g[eè]le)(?![\p{L}])` +
      // Typed as said: "jsuis", "chui", "jsais", "jme …".
      String.raw`|j(?:suis|sui|sais|pense|crois|dois|vais|veux|peux|kiffe|capte|oublie|ai|avais)(?![\p{L}])|ch(?:ui|uis|ais)(?![\p{L}])|jm(?:e\s+|')\p{L}` +
      String.raw`|(?:(?:tout|toute|tous|toutes)\s+)?(?:le|la|l'|les|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|leur|leurs)\s*\p{L}+(?:\s+(?:de|d')\s*\p{L}+|\s+\p{L}+)?\s+${REMARK_VERB.fr}` +
      // "…, avec la dengue faut faire gaffe".
      String.raw`|(?:avec|vu)\s+(?:[\p{L}'-]+\s+){1,3}?(?:il\s+)?(?:faut|fo)(?![\p{L}])` +
      // Any verb before a word that says when or how, or its object ("…, l'évier fuit encore").
      String.raw`|(?:le|la|l'|les|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|leur|leurs)\s*\p{L}+(?:\s+(?:de|d')\s*\p{L}+)?\s+\p{L}{2,}(?:e|es|ent|it|t|d)\s+(?:encore|toujours|jamais|plus|pas|t[ôo]t|tard|bient[ôo]t|vite|mal|bien|trop|demain|beaucoup|partout|le|la|les|l')(?![\p{L}])` +
      String.raw`|(?:sur\s+)?(?:les\s+)?(?:ordres?|conseils?|consignes?)\s+(?:du|de\s+la|de|d')\s*\p{L}+[\s.!]*$` +
      String.raw`|(?:il\s+)?faut\s+(?:que|qu')|pas\s+(?:question|envie)(?![\p{L}])|avant\s+(?:que|qu')|(?:[\p{L}']+\s+){1,5}sinon[\s.!]*$` +
      // A tag question of one to three words closing the message ("…, t'as compris ?", "…, dêgg nga?").
      `|${SHORT_QUESTION}` +
      // Quebec "a" / "y" for "elle" / "il" ("…, a file pas ben"); "…, rentrée oblige"; "…, bonne résolution".
      String.raw`|(?:a|y)\s+\p{L}{2,}\s+(?:pas|plus|jamais|encore|toujours|ben|bien)(?![\p{L}])|(?:\p{L}+\s+){1,3}oblige(?![\p{L}])` +
      String.raw`|(?:c'est\s+)?(?:(?:ma|une|la)\s+)?(?:bonne|nouvelle|grande)?\s*r[ée]solution(?:\s+(?:de|du|pour)\s+(?:l'|la\s+|le\s+)?\p{L}+)?[\s.!]*$` +
      String.raw`)[^]*$`,
    'iu',
  ),
};

/** Words TRAILING_CLAUSE holds one of: a text with none skips it. */
const TRAILING_CLAUSE_HINT: Record<Language, RegExp> = {
  en: /,\s*(?:the|my|our|this|that)\s|(?<![\p{L}'])(?:because|cause|coz|cos|cuz|cuh|since|bc|bcos|bcoz|bcuz|bcz|otherwise|or\s+(?:else|i|i'm|im|i'll|ill|we|it'll|you'll|he'll|she'll|they'll|they|he|she|it|you|the|my|your|our|his|her)|shame|said|says|told)(?![\p{L}'])|b\/c(?=\s)/iu,
  fr: /(?<![\p{L}'])(?:parce|vu|puisque?|puisqu|sinon|il|elle|ils|elles|dit|a|faut)(?![\p{L}])/iu,
};
/** The verb of a French clause said after the subject ("il va pleuvoir", "elle aura fini"). */
const FR_CLAUSE_VERB = String.raw`(?:va|vont|aura|auront|a|ont|est|sont|fait|font|tousse|pleut|\p{L}+e)(?![\p{L}])`;
/**
 * A clause said after the subject without a stop, that says why or what else: opened by "parce
 * que", "sinon", "because", "or i'll…" ("sortir le chien parce qu'il a mal au ventre", "take the
 * pill or i'll forget again"); a French one with a subject pronoun of its own after a noun ("rentrer
 * le linge il va pleuvoir"), or who said so ("… le pédiatre a dit", "… the doctor said").
 */
const TRAILING_CLAUSE: Record<Language, RegExp> = {
  en: /(?:,\s*(?:the|my|our|this|that)\s+\p{L}+(?:\s+\p{L}+)?\s+(?:is|are|was|were|has|have|will|keeps)(?![\p{L}'])|\s(?:or\s+(?:else\s+)?(?:the|my|your|our|his|her)\s+\p{L}+\s+(?:will|'ll|is\s+gonna|is\s+going\s+to|gonna|would)(?![\p{L}'])|(?:because|cause|'cause|coz|cos|'cos|cuz|cuh|since|otherwise|or\s+else|bc|b\/c|bcos|bcoz|bcuz|bcz)\s+(?:i|i'm|im|i'll|ill|we|it|it's|its|you|he|she|they|the|my|our|there|last|this|next|yesterday|today|every)(?:'(?:s|re|m|ll|ve|d))?(?![\p{L}'])|(?:because|cause|'cause|coz|cos|'cos|cuz|bc)\s+\p{L}+(?:\s+\p{L}+)?(?:'s|\s+(?:is|are|was|were|has|have|had|will|won't|can't|\p{L}{2,}(?:s|ed)))(?![\p{L}'])|or\s+(?:i|i'm|im|i'll|ill|we|it'll|you'll|he'll|she'll|they'll)(?![\p{L}'])|or\s+(?:else\s+)?(?:they|he|she|it|we|you)\s+\p{L}{2,}|shame\s+(?:the|my|it|it's|its|i|we|they|he|she)(?![\p{L}'])|(?:the|my|our|his|her)\s+\p{L}+\s+(?:said|says|told\s+me)[\s.!]*$))[^]*$/iu,
  fr: new RegExp(String.raw`\s(?:(?:parce\s+que?|parce\s+qu'|vu\s+que?|vu\s+qu'|puisque?|puisqu'|sinon)(?=[\s\p{L}])|(?<!(?:si|que|quand|où|comment|pourquoi|combien|lorsque|pour|et|ou|mais|comme)\s)(?:il|elle|ils|elles)\s+${FR_CLAUSE_VERB}|(?<=(?:^|\s)(?:le|la|les|l'|mon|ma|mes|ton|ta|tes|son|sa|ses|du|des|au|aux)\s*\p{L}+\s)(?:le|la|les|l'|mon|ma|mes|ton|ta|son|sa)\s*\p{L}+\s+(?:il|elle|ils|elles)\s+${FR_CLAUSE_VERB}|(?:le|la|l'|mon|ma|son|sa|notre)\s*\p{L}+\s+(?:a|m'a|l'a)\s+(?:dit|\p{L}+(?:é|ée|és|ées)|\p{L}+i)[\s.!]*$|(?:il\s+)?faut\s+(?:pas|plus|absolument|surtout)\s+que)[^]*$`, 'iu'),
};

/**
 * A clause with a subject of its own said after the subject ("… she gets lonely", "… the wife's
 * family is coming over", "… elle attend que ça", "… c'est la collecte"). Not when the subject
 * says something to someone ("tell Paul he won", "dire à Paul c'est prêt"): see SPEAKS_TO.
 */
const TRAILING_OWN_CLAUSE: Record<Language, RegExp> = {
  en: /\s(?:(?<!(?:if|that|whether|when|so|and|or|but|what|how|where|why|who|because|cos|since)\s)(?:she|he|they)\s+(?:\p{L}+s|is|are|was|were|will|has|have|had|can|can't|won't|always|never)(?![\p{L}'])|(?:the|my|our|his|her)\s+(?:\p{L}+'s\s+)?\p{L}+\s+(?:is|are|was|were)\s+\p{L}+ing(?![\p{L}'])|(?<!(?:check|sure|see|ensure|verify|confirm|whether|if|that)\s)(?:this|these)\s+\p{L}+\s+(?:is|are)\s+(?:so\s+|too\s+|really\s+)?\p{L}{3,})[^]*$/iu,
  fr: /\s(?:(?<!(?:si|que|qu'|quand|où|comment|pourquoi|combien|lorsque|pour|et|ou|mais|comme|parce\s+que)\s)(?:il|elle|ils|elles)\s+(?:ne\s+|n')?(?:s'|se\s+|me\s+|m'|te\s+|t'|nous\s+|vous\s+)?\p{L}{3,}|(?<!(?:que|si|quand|parce\s+que)\s)c'est\s|c\s+(?:moi|toi|lui|elle|nous|vous|eux|elles)\s+qui\s)[^]*$/iu,
};
/**
 * Someone's state said after the subject ("… Sarah's off sick so it's on me", "… mum's away", "… Dad
 * is working late"): a name (capitalised, so case-sensitive) or a family word, then how they are.
 */
const STATE_HINT = /(?:'s|\sis|\swas)\s/;
const TRAILING_STATE = /\s(?:\p{Lu}\p{Ll}+|[Mm]um|[Mm]om|[Mm]am|[Dd]ad|[Nn]an|[Gg]ran|[Gg]randma|[Gg]randpa|[Hh]ubby)(?:'s|\s+is|\s+was)\s+(?:off|away|out|sick|ill|late|busy|working|coming|gone|back|home|not|waiting|visiting|travelling|traveling|staying|on\s+(?:holiday|leave|nights|call)|at\s+work|in\s+hospital)(?![\p{L}'])[^]*$/u;
/**
 * A remark or a reason said after the subject without a comma: "… lol they keep complaining", "…
 * she's been texting all day", "… i always forget", "… si y'a de la houle", "… avant qu'ils me
 * débitent", "… pas d'excuse" (the reasons opened by "bc" / "cos" are TRAILING_CLAUSE's). Not after a
 * verb of asking or checking ("check if the shop is open", "demander à Julie si elle vient"), and
 * not "before <clause>": heldout-v2g keeps "walk the dog before it gets hot".
 */
const TRAILING_TAIL: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`\s(?:` +
      String.raw`(?<!(?:ask|asks|check|see|find\s+out|know|whether|wonder|verify|sure|tell|let|and|or|decide|confirm)(?:\s+\p{L}+)?\s)if\s+(?:there's|there\s+is|there\s+are|it\s+(?:rains|snows)|it's\s+(?:sunny|raining|nice|warm|cold|hot|dry|windy))(?![\p{L}'])` +
      String.raw`|(?:lol|lmao|smh|tbh|ngl|haha+|asap|fr\s+fr|frfr)\s+(?:i|we|they|he|she|it|you|my|the|our|there|not|no|cos|bc|im|ive|ill|its|thats|theyre|youre|dont|cant)(?:'(?:s|re|m|ll|ve|d))?(?![\p{L}])` +
      String.raw`|(?<!(?:if|that|whether|when|so|and|or|but|what|how|where|why|who|because|cos|since|sure)\s)(?:they|we)\s+(?:keep|always|never|are|were|have|had|can't|cant|won't|don't|dont|didn't|still|gonna)(?![\p{L}'])` +
      String.raw`|(?<!(?:if|that|whether|when|so|and|or|but|what|how|where|why|who|because|cos|since|sure)\s)(?:she|he|they|it)'(?:s|re|ve|ll|d)\s+(?:been|not|always|never|gonna|going|coming|away|out|off|sick|(?!${ING_NOUN}(?![\p{L}]))\p{L}+ing|\p{L}+ed)(?![\p{L}'])` +
      // "… the meter's gonna run out", "… my phone is almost dead": what is about to happen to a thing, said last.
      String.raw`|(?<!(?:if|that|whether|when|so|and|or|but|what|how|where|why|who|because|cos|since|sure|check|see|ensure|verify|confirm|until|till|unless|before|after)\s)(?:the|my|our|your|his|her|their)\s+\p{L}+(?:'s|\s+is|\s+are)\s+(?:gonna|going\s+to|about\s+to|almost|nearly|been|always|never|due\s+to)(?![\p{L}'])` +
      // "… (you know) just in case", said last without a comma.
      String.raw`|(?:(?:you\s+know|y'know|ya\s+know)\s+)?just\s+in\s+case[\s.!]*$` +
      // "… it's so hot in here", "… i'm so tired": how things are, said last.
      String.raw`|(?<!(?:if|that|whether|when|so|and|or|but|what|how|where|why|who|because|cos|since|sure)\s)(?:(?:it|she|he|they|we|i)(?:'s|'re|'m|\s+is|\s+are|\s+am|\s+was|\s+were)|its|im)\s+(?:so|too|way\s+too|really|super|soo+)\s+\p{L}` +
      String.raw`|i\s+(?:keep|always|never|can't|cant|don't|dont)\s+\p{L}|while\s+(?:she|he|they)(?:'(?:s|re))?\s+\p{L}|now\s+that\s+(?:it|it's|its|the|we|i|they|he|she|winter|summer)(?![\p{L}])` +
      String.raw`|no\s+excuses?[\s.!]*$` +
      // "… lol poor guy", "… haha so random": a laugh then a few words, said last.
      String.raw`|(?:lol|lmao|haha+|smh)\s+(?:[\p{L}'-]+\s+){0,2}[\p{L}'-]+[\s.!]*$` +
      String.raw`)[^]*$`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`\s(?:` +
      String.raw`(?:avant|pendant|maintenant)\s+(?:que|qu')|[àa]\s+cause\s+(?:de|du|des|d')` +
      String.raw`|(?<!(?:demander|demande|v[ée]rifier|v[ée]rifie|voir|savoir|sais|sait|regarder|regarde|checker|check)(?:\s+\p{L}+)?\s)(?:si\s+(?:y\s*'?\s*a|il\s+(?:y\s+a|fait|pleut|neige))|s'il\s+(?:y\s+a|fait|pleut|neige))(?![\p{L}])` +
      String.raw`|(?:mdr|ptdr|lol|jsp|tkt)\s+\p{L}` +
      String.raw`|(?:maintenant|asteure?|astheure|tant)\s+(?:que|qu')\s*j'y\s+pense[\s.!]*$|pas\s+d'excuses?[\s.!]*$|(?:juste\s+|(?:on\s+)?sait\s+jamais\s+)?au\s+cas\s+o[ùu][\s.!]*$` +
      String.raw`)[^]*$`,
    'iu',
  ),
};
const TRAILING_TAIL_HINT: Record<Language, RegExp> = {
  en: /(?<![\p{L}'])(?:if|while|now|lol|lmao|smh|tbh|ngl|haha+|asap|fr|frfr|they|we|she's|he's|she|he|they're|they've|it's|it|its|i|i'm|im|no|case|is|are)(?![\p{L}'])|'s\s/iu,
  fr: /(?<![\p{L}'])(?:avant|pendant|maintenant|asteur|asteure|astheure|tant|cause|si|s'il|s'ils|mdr|ptdr|lol|jsp|tkt|pas|cas)(?![\p{L}'])/iu,
};

/** A subject that says something to someone: a clause after it is what is said. */
const SPEAKS_TO: Record<Language, RegExp> = {
  en: /^(?:tell|ask|text|message|email|remind|let|warn|inform|say|write|call\s+\p{L}+\s+(?:and\s+)?(?:tell|say))(?![\p{L}])/iu,
  fr: /^(?:dire|demander|pr[ée]venir|[ée]crire|annoncer|rappeler\s+[àa]|informer|avertir|r[ée]pondre)(?![\p{L}])/iu,
};
const TRAILING_OWN_CLAUSE_HINT: Record<Language, RegExp> = {
  en: /(?<![\p{L}'])(?:she|he|they|is|are|was|were)(?![\p{L}'])/iu,
  fr: /(?<![\p{L}'])(?:il|elle|ils|elles|c'est|c(?=\s+(?:moi|toi|lui|elle|nous|vous|eux|elles)\s+qui\s))(?![\p{L}'])/iu,
};

const MUST_WORD = /(?<![\p{L}'])(?:gotta|have\s+to|need\s+to|must|got\s+to)(?![\p{L}'])/iu;
/** "i gotta", "i need to", "we have to" before what is to be done, after context or nothing. */
const I_MUST: Record<Language, RegExp> = {
  en: /^(?:(.{0,80}?)\s)?(?:i|we)\s+(?:gotta|have\s+to|need\s+to|must|got\s+to|'ve\s+got\s+to|ve\s+got\s+to)\s+(?=\p{L})/iu,
  fr: /^$(?!)/u,
};

/** Words TRAILING_CONTEXT holds one of: a text with none skips it. */
const TRAILING_CONTEXT_HINT: Record<Language, RegExp> = {
  en: /[,.;!?]|please|pls|plz|thanks|thx/iu,
  fr: /[,.;!?]|stp|svp|merci|please/iu,
};
/** A word SO_LEAD needs. */
/** The words that say "so" between why and what, in every list that reads them (here and in several.ts). */
// (Not the "so" of how much after a verb of being: "it's been so dry", "I'm so tired".)
export const SO_WORDS = String.raw`and\s+so|(?<!(?:'s|'re|'m|is|are|am|was|were|been|be|being|get|gets|getting|got|feel|feels|felt|look|looks|seem|seems|sound|sounds|not)\s)so|alors|donc|faque|fait\s+que|du\s+coup|yaani|ya3ni`;
const SO_WORD = new RegExp(String.raw`(?<![\p{L}'])(?:${SO_WORDS})(?![\p{L}'])`, 'iu');

/** Whether a text holds any of EMOJI (most do not, and skip the look-behind pattern below). */
const HAS_EMOJI = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u{FE0F}\u{200D}\u{20E3}]/u;
const EMOJI_BEFORE_REQUEST: Record<Language, RegExp> = {
  en: new RegExp(String.raw`(?<=\p{L}\s*)${EMOJI.source}(?=\s*(?:${REQUEST_VERB.en}))`, 'giu'),
  fr: new RegExp(String.raw`(?<=\p{L}\s*)${EMOJI.source}(?=\s*(?:${REQUEST_VERB.fr}))`, 'giu'),
};

/** A request whose object only points back at what was said before it ("…, rappelle-moi ça", "remind me of it"). */
const ONLY_PRONOUN = /^[\s\p{P}]*(?:(?:of|about|de|d')\s*)?(?:ça|ca|cela|it|that|this|them|le|la|les|l'|y|en|(?:des|les|tous\s+les|toutes\s+les)\s+(?:deux|2|trois|3)|both(?:\s+of\s+them)?|them\s+(?:both|all)|the\s+(?:two|2|three|3))[\s\p{P}]*$/iu;

/** How a clause said before the request ends: a stop, a comma, a colon or "so" / "donc" / "alors". */
const CLAUSE_END = new RegExp(String.raw`(?:[,.;:!…]|(?:^|\s)(?:${SO_WORDS}|therefore|but|mais|bref))\s*$`, 'iu');
/** A subordinate clause said first ("now that …", "asteure que …", "vu que …", "comme …"). */
const CLAUSE_OPEN: Record<Language, RegExp> = {
  en: /^(?:(?:now\s+)?that(?=\s+(?:the|my|our|we|i|it|they|he|she|you)\s)|since|because|cause|'cause|as\s+soon\s+as|seeing\s+as|given\s+that|whenever|with\s+(?:this|that|these|those|the|all\s+(?:this|that|the))|because\s+of|due\s+to)\s/iu,
  fr: /^(?:(?:maintenant|asteure|astheure|vu|puisque?|parce|étant\s+donné|du\s+moment)\s*(?:que|qu')|comme\s+(?!d'hab)|avec\s+(?:cette|ce|ces|tout|toute|toutes|tous|le|la|les|l')\s?|[àa]\s+cause\s+d|en\s+raison\s+d)/iu,
};
/** A clause said first and closed by a comma (see subjectOf): CLAUSE_OPEN's, or the speaker forgetting. */
const LEAD_CLAUSE_HINT = /,|\smais\s|(?:ah|oh)\s/i;
/** "chnowa déjà… ah oui, …", "what was it… oh yes, …": the speaker searching, then finding. */
const RECALLED = String.raw`[^,.;!?…]{0,50}?(?:…|\.\.\.|,)\s*(?:ah|oh)\s+(?:oui|ouais|voil[àa]|c'est\s+[çc]a|yes|yeah|right|that's\s+it)[\s,!.]*`;
const LEAD_CLAUSE: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`^(?:${RECALLED}|(?:${CLAUSE_OPEN.en.source.slice(1)})(?:[^,.;!?]*?\s)?|(?:(?:the|my|our)\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?'s\s+(?:been|gone|over|finished|done|back|closed|shut|packed|started|just|off|out)(?![\p{L}'])|(?:[\p{L}']+\s+)?(?:i|we)\s+(?:(?:always|keep|kept|often|never|just)\s+)?(?:forget|forgetting|forgot)(?:\s+(?:it|this|that|again|everything|lol|honestly))*)[^,.;!?]{0,80}?,\s*`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`^(?:${RECALLED}|(?:(?:${CLAUSE_OPEN.fr.source.slice(1)})|(?:[\p{L}']+\s+)?j'oubli(?:e|es)?|(?:[^,.;!?]{0,40}?\s)?(?:mais|bon)\s+(?:il\s+)?(?:faut|fo)\s+(?:le\s+|la\s+|l'|y\s+|bien\s+))[^,.;!?]{0,80}?,\s*` +
      // "trop la flemme mais ranger le garage …": a few words said first, then "mais" and the action (a verb).
      String.raw`|(?:(?![\p{L}']*(?:er|ir|re)(?![\p{L}]))[\p{L}']+\s+){1,4}mais\s+(?=\p{L}{2,}(?:er|ir|re)\s))`,
    'iu',
  ),
};
/** A French clause with its own subject pronoun and verb ("je fais une sieste", "on part demain"). */
const SUBJECT_PRONOUN: Record<Language, RegExp> = {
  en: /^$/u,
  fr: /(?:^|\s)(?:je|il|elle|on|ils|elles)\s+(?!me\s|m'|te\s|t'|vous\s|nous\s)(?:ne\s+|n')?\p{L}{2,}/iu,
};

/** A clause that starts with its own subject ("he can pick it up", "on pourra y aller"). */
export const SUBJECT_FIRST: Record<Language, RegExp> = {
  en: /^(?:(?:i|we|you|he|she|it|they|there|that)(?:'(?:m|ll|ve|d|s|re))?|this|its|thats|theres)(?![\p{L}'])/iu,
  fr: /^(?:je|j'|tu|il|elle|on|nous|vous|ils|elles|[çc]a|c')(?![\p{L}])/iu,
};

/**
 * Someone's instruction reported before the action ("le kiné m'a dit de faire mes étirements", "the
 * physio told me to stretch", "doc said to rest"): what to do is the subject.
 */
const REPORTED_INSTRUCTION: Record<Language, RegExp> = {
  en: /^(?:(?:the|my|our|his|her)\s+)?[\p{L}'-]+(?:\s+[\p{L}'-]+)?\s+(?:(?:told|tells|asked|asks|wants|wanted|advised|advises|reminded)\s+(?:me|us)\s+to|(?:said|says)\s+(?:to|(?:i|we)\s+(?:should|need\s+to|have\s+to|must|gotta|got\s+to))|(?:said|says)\s*:?(?=\s+(?!(?:that|it|it's|its|i|i'm|we|he|she|they|you|u|so|yes|no|hi|hello|the|a|an|this|these|those|there|not|nothing|something|to|if|when|what|how)(?![\p{L}']))))\s+(?=\p{L})/iu,
  // ("ma mère m'a dit de …", "le docteur a dit qu'il faut …", "má a dit que je dois …", "le véto a dit
  // antibiotique pour Caramel …": what was said, as a note.)
  fr: new RegExp(
    String.raw`^(?:(?:le|la|l'|mon|ma|mes|les|notre|nos)\s*)?[\p{L}'-]+(?:\s+[\p{L}'-]+)?\s+(?:` +
      String.raw`(?:m'a|m'ont|nous\s+a|nous\s+ont)\s+(?:dit|demand[ée]|conseill[ée]|recommand[ée]|prescrit|ordonn[ée])\s*(?:de\s+|d')` +
      String.raw`|(?:m'a|m'ont|nous\s+a|nous\s+ont|a|ont)\s+dit\s+(?:qu'il\s+(?:faut|faudrait|fallait)|que\s+(?:je|j'|on|nous)\s*(?:dois|doit|devons|devais|devrais|devait))\s*(?:(?:absolument|vraiment|bien)\s+)?` +
      String.raw`|(?:a|ont|m'a)\s+dit\s*:?\s+(?!(?:que|qu'|de|d'|à|au|aux|oui|non|ça|ca|il|elle|on|je|j'|tu|nous|vous|ils|elles|le|la|les|l'|un|une|des|ce|c'est|bonjour|merci)(?![\p{L}]))` +
      String.raw`)(?=\p{L})`,
    'iu',
  ),
};
/** Words REPORTED_INSTRUCTION needs. */
const REPORTED_HINT: Record<Language, RegExp> = {
  en: /(?<![\p{L}'])(?:told|tells|asked|asks|wants|wanted|advised|advises|reminded|said|says)\s/iu,
  fr: /(?:m'a|m'ont|nous\s+a|nous\s+ont|a\s+dit|ont\s+dit)\s/iu,
};

/** How a vented lead ends: an interjection of annoyance or relief ("ugh", "na wa", "pff", "ouf"). */
const VENT_END = /(?<![\p{L}'])(?:u+g+h+|u+r+g+h+|a+r+g+h+|p+f+|smh|omg|sigh|meh|na\s+wa(?:\s+o+)?|wahala|ouf|bof|zut|oh\s+l[àa]\s+l[àa]|olala|h[ée]las|damn|dang|jeez|geez|ffs|yikes|oof|fml|rip)$/iu;
const STOP_SIGN = /[.!?…]/;
/** A laugh or a sigh closing a lead, like a stop ("… lol remind me …"). */
const LAUGH_END = /(?<![\p{L}'])(?:lol+|lmao+|lmfao|haha+|(?:ha){2,}|hehe+|smh|ugh+|sigh|mdr+|ptdr+|jpp|ptn)$/iu;
/** A break between a lead and what follows: a stop or emoji, then a word. */
const LEAD_BREAK = new RegExp(String.raw`(?<=[\p{L}\p{N}'])\s*(?:[.!?…]+|${EMOJI.source})\s*(?=\p{L})`, 'u');

const ONLY_SHORT_QUESTION = new RegExp(String.raw`^[\s,;!?]*${SHORT_QUESTION}`, 'u');
/** A tag question asks the listener ("t'as compris ?", "you hear?", "ok?", "dêgg nga?"), not what to do. */
const TAG_WORDS = /^[\s,;!?]*(?:(?:t'|t’|tu\s|vous\s|you\s|u\s|ya\s|y'all\s)[^?]*|ok(?:ay)?|right|yeah|yes|hein|oui|non|no|d'accord|compris|got\s+it|understood|innit|eh|na|nah)\s*\?[\s?!.]*$/iu;
function isTagQuestion(words: string, language: Language): boolean {
  return TAG_WORDS.test(words) || inOtherLanguage(words.replace(/[?\s,;!.]+/g, ' ').trim(), language);
}

/** Cuts a remark said after the subject (TRAILING_REMARK), unless it asks for the reminder ("dis, tu peux me rappeler …"). */
/**
 * A clause said after the subject behind a stop or a courtesy (TRAILING_CONTEXT), unless the request
 * comes after it: "Hi, it's Maureen here, could you remind me to …" introduces the speaker.
 */
function cutContext(s: string, language: Language): string {
  const cut = cutAtEnd(s, TRAILING_CONTEXT[language], 1);
  return cut !== s && hasRequest(s.slice(cut.length), language) ? s : cut;
}

function cutRemark(s: string, language: Language): string {
  if (SPEAKS_TO[language].test(s)) return s;
  const cut = cutAtEnd(s, TRAILING_REMARK[language], 1);
  // Not when nothing but the request would be left, nor a short question with nothing before it:
  // what follows is the subject ("rappelle-moi demain, acheter du pain ?", "demain à 9h, appeler maman ?").
  const rest = s.slice(cut.length);
  if (isOnlyRequest(cut, language) || (!/\p{L}/u.test(cut) && ONLY_SHORT_QUESTION.test(rest) && !isTagQuestion(rest, language))) return s;
  // (Nor when it would leave nothing: "until april 7th, put the eye drops in" is the subject.)
  if (!/\p{L}/u.test(cut) && VERB_FIRST[language].test(rest.replace(/^[\s,;!?]+/u, ''))) return s;
  return hasRequest(rest, language) ? s : cut;
}

/**
 * "street cleaning ugh. move the car", "c'est reparti pour l'école 😩 réveiller Lucas": a lead that
 * vents or is a clause of its own, closed by a stop or an emoji, then the action. The action is the
 * subject. Not when the lead asks for the reminder, nor when what follows has a subject of its own.
 */
function afterVentedLead(s: string, language: Language): string {
  const br = LEAD_BREAK.exec(s);
  if (!br) return s;
  const lead = s.slice(0, br.index).trim();
  const rest = s.slice(br.index + br[0].length);
  if (!/\p{L}/u.test(lead) || hasRequest(lead, language) || SUBJECT_FIRST[language].test(rest)) return s;
  // The request alone after the break ("… sinon elle va me tuer 😅 rappelle moi"), or a remark
  // ("… 📚 sinon je vais encore me planter"): the lead is the subject.
  if (!/\p{L}/u.test(stripLoop(rest, language)) || REMARK_OPEN[language].test(rest.trim())) return s;
  // ("le petit a de la fièvre 🤒 …": a noun and its own verb.)
  return VENT_END.test(lead) || ((isContextClause(lead, language) || NOUN_CLAUSE[language].test(lead)) && !CLAUSE_END.test(lead)) ? rest : s;
}

/** Where the first "so" / "donc" / "faque" of a text is, or the text's length. */
function soWordAt(text: string): number {
  const m = SO_WORD.exec(text);
  return m ? m.index : text.length;
}

/** Words said before "so" / "alors" / "donc" / "faque", then the rest. */
const SO_LEAD = new RegExp(String.raw`^(\S.{1,80}?)\s(?:${SO_WORDS})(?:\s+(?=\p{L})|[\s,.!?]*$)`, 'iu');

/** A finite verb that makes the words before a request a clause of their own, not its wording. */
const CONTEXT_VERB: Record<Language, RegExp> = {
  en: new RegExp(String.raw`(?<![\p{L}'])(?:is|are|was|were|am|said|says|told|tells|go|goes|went|have|has|had|comes?|came|starts?|opens?|closes?|needs?|gets?|got|will|won't|can't|don't|doesn't|didn't|arrives?|leaves?|begins?|ends?|plays?|works?|runs?|lands?|landed|departs?|expires?|finish(?:es)?|happens?)(?![\p{L}'])|(?<=(?<![\p{L}'])(?:it|that|there|here|he|she|what|who|where|everything|everyone|nobody|nothing|someone|something|today|tomorrow|tonight))'s(?![\p{L}])|(?<=\p{L})'s(?=\s+(?:a|an|so|too|not|been|always|never|getting|going|gone|back|away|off|sick|ill)\s)|\p{L}'(?:re|m|ve|ll)(?![\p{L}])|(?<=\p{L})'s\s+(?!${ING_NOUN}(?![\p{L}]))\p{L}{2,}ing(?=\s+(?:with|to|over|in|out|up|back|home|late|early|away|off|down|today|tonight|tomorrow|this|at|from|on|for|around|again|now)(?![\p{L}]))`, 'iu'),
  // (Not a noun after its determiner: "ma part", "la ferme", "le passe".)
  fr: /(?<![\p{L}'])(?<!(?<![\p{L}])(?:le|la|les|un|une|des|du|ma|ta|sa|mon|ton|son|mes|tes|ses|notre|votre|leur|nos|vos|leurs|cette|ce)\s+)(?:est|sont|[ée]tait|[ée]taient|ai|as|avons|avez|ont|va|vont|vais|vient|viennent|commence|commencent|finit|finissent|ouvre|ouvrent|ferme|ferment|passe|passent|part|partent|arrive|arrivent|faut|dois|doit|doivent|sera|seront|aura|auront|joue|jouent|travaille|dit|disent)(?![\p{L}'])|(?<![\p{L}])(?:c|j|n|qu|s)'\p{L}|(?<![\p{L}])(?:m|t|l)'a(?![\p{L}])/iu,
};

/**
 * Words said as context, not as a reminder's wording: a clause with a verb of its own after its
 * subject ("the bins go out", "my flight lands", "la réunion commence") or an elided one ("j'ai
 * piscine", "c'est le marché"), and no request of its own.
 */
export function isContextClause(words: string, language: Language): boolean {
  const w = words.trim();
  if (!w || ANY_REQUEST[language].test(w)) return false;
  // Ended as a clause ("je fais une sieste, …", "il y a les coupures alors …", "a bunch of stuff: …",
  // "sorry for the long msg so …") or opened as one ("asteure que les poules pondent …", "now that …").
  if (CLAUSE_END.test(w) || CLAUSE_OPEN[language].test(w) || SUBJECT_PRONOUN[language].test(w) || looseContext(w, language)) return true;
  const verb = CONTEXT_VERB[language].exec(w);
  if (!verb) return false;
  // An imperative starts with its verb ("ferme la porte", "go to the bank"): no context; "c'est",
  // "j'ai", "qu'il", "i'm", "we're" are no imperative.
  return verb.index > 0 || /^(?:c|j|qu|s)'/iu.test(w) || /^\p{L}+'(?:re|m|ve|ll|s)(?![\p{L}])/iu.test(w);
}

const REASON_START: Record<Language, RegExp> = {
  en: /^(?:because|cause|'cause|coz|cos|cuz|since|bc|b\/c|otherwise|or\s+else)(?![\p{L}])/iu,
  fr: /^(?:parce\s+qu|vu\s+qu|puisqu|sinon(?![\p{L}])|car(?![\p{L}]))/iu,
};
/** A pronoun and its verb ("they keep charging me", "she gets grumpy"); not what the speaker must do ("I need to …"). */
const PRONOUN_CLAUSE: Record<Language, RegExp> = {
  en: /^(?:he|she|they|it|we|i)\s+(?!(?:need|needs|have|has|gotta|got|must|should|want|wanna|will|would|also|then)(?![\p{L}]))\p{L}{2,}/iu,
  fr: /^$(?!)/u,
};
/** "the doctor's put me on …", "gran's just out …": someone's news, said as a lead (English). */
const NOUN_HAS_CLAUSE = /^(?:(?:the|my|our|his|her)\s+)?\p{L}+'s\s+(?!(?:birthday|party|wedding|funeral|appointment|meeting|recital|game|match|shift|turn)(?![\p{L}]))\p{L}{2,}\s+\p{L}/iu;
/** Interjections a spoken lead may open with ("so like I always forget this …"). */
const LEAD_INTERJECTIONS = /^(?:(?:so|like|ok|okay|well|yeah|and|oh|um+|uh+|anyway|honestly|alors|bon|bah|ben|euh+|donc|et)[\s,]+)+/iu;
/** A determiner, a noun or two, then a verb of their own: "le docteur a insisté", "the doctor says so". */
const NOUN_CLAUSE: Record<Language, RegExp> = {
  en: new RegExp(String.raw`^(?:(?:eh|ah|oh|so|yeah|well)\s+)*(?:(?:the|my|our|his|her|their|your)\s+)?[\p{L}'-]+(?:\s+[\p{L}'-]+)?\s+(?:${REMARK_VERB.en}|say(?![\p{L}']))`, 'iu'),
  fr: new RegExp(String.raw`^(?:(?:eh|ah|oh|bon|et|euh)\s+)*(?:le|la|les|l'|mon|ma|mes|son|sa|ses|notre|leur)\s*[\p{L}'-]+(?:\s+[\p{L}'-]+)?\s+${REMARK_VERB.fr}`, 'iu'),
};

/**
 * Words said after a time as a remark, not as an action: a clause of its own ("il fait chaud", "le
 * docteur a insisté", "the doctor say I can't miss none") or a reason ("because we keep forgetting").
 */
export function isRemark(words: string, language: Language): boolean {
  const w = words.replace(/^[\s,.;:!?…-]+/u, '').trim();
  if (!/\p{L}/u.test(w)) return false;
  return isContextClause(w, language) || NOUN_CLAUSE[language].test(w) || REASON_START[language].test(w) || PRONOUN_CLAUSE[language].test(w);
}

/** The words are only a request said last ("…, can you set that up", "…, tu peux me le noter ?"). */
export function isOnlyRequest(words: string, language: Language): boolean {
  const t = ' ' + words.replace(/^[\s,.;:!?-]+/u, '').trim();
  if (!/\p{L}/u.test(t) || !REQUEST_LAST_WORD[language].test(lastWord(t).word)) return false;
  return TRAILING_REQUEST[language].exec(t)?.index === 0;
}

/** Context said without its apostrophe ("its so hot", "im off today") or as a participle ("working from home today"). */
const LOOSE_CONTEXT: Record<Language, RegExp> = {
  en: /^(?:(?:its|im|thats|theres|ive|youre|theyre|were)\s+(?:so|too|very|really|getting|going|gonna|not|been|a|an|the|kinda|pretty|off|out|away|home|back|late|early|\p{L}+ing)(?![\p{L}])|\p{L}{3,}ing\s+(?:from|to|for|at|in|home|out|back|late|early|away|off|up|down|over)(?![\p{L}]))/iu,
  fr: /^$/u,
};
function looseContext(w: string, language: Language): boolean {
  return LOOSE_CONTEXT[language].test(w) && !/^(?:morning|evening|meeting|wedding|building|parking|thing|something|nothing|anything|everything)\s/iu.test(w);
}
/** The words without fillers and greetings ("on dit quoi euh", "ok so um"). */
export function withoutFillers(words: string, language: Language): string {
  let w = words.replace(FILLERS_ANYWHERE[language], ' ').trim();
  for (let guard = 0; guard < 6; guard++) {
    const next = w.replace(EDGE_FILLERS[language], '').trim();
    if (next === w) break;
    w = next;
  }
  return w;
}

/** The words ask the bot to remind ("remind me", "rappelle-moi", "don't let me forget"…). */
export function hasRequest(words: string, language: Language): boolean {
  return REQUEST_HINT[language].test(words) && ANY_REQUEST[language].test(words);
}
const ANY_REQUEST: Record<Language, RegExp> = {
  en: new RegExp(REQUEST_VERB.en, 'iu'),
  fr: new RegExp(REQUEST_VERB.fr, 'iu'),
};
const REQUEST_WORD_AT: Record<Language, RegExp> = {
  en: new RegExp(String.raw`(?<![\p{L}'])(?:${REQUEST_VERB.en})`, 'iu'),
  fr: new RegExp(String.raw`(?<![\p{L}])(?:${REQUEST_VERB.fr})`, 'iu'),
};
/** Where the first request to remind starts in `words` (at a word's start), or -1. */
export function requestAt(words: string, language: Language): number {
  if (!REQUEST_HINT[language].test(words)) return -1;
  return REQUEST_WORD_AT[language].exec(words)?.index ?? -1;
}

/** A clause joined to the request by "and" ("do the needful and remind me to…", "sois gentil et rappelle-moi de…"). */
const JOINED_LEAD = /(?:^|\s)(?:and|et)\s*$/iu;

/**
 * The request said last ("buy the milk and remind me", "appeler le proprio, tu me le rappelles ?",
 * "call the bank remind me about it"): the reminding verb, its object pronoun and a courtesy, with
 * nothing of its own after it. Looked for in the last words only.
 */
const TRAILING_REQUEST: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`(?:^|[\s,.;:!?-]+)(?:(?:and|so|then|just|pls|please|can\s+(?:you|u)|could\s+(?:you|u)|will\s+(?:you|u)|would\s+(?:you|u)|u|you)\s+)*` +
      String.raw`(?:${REQUEST_VERB.en}|remind|set\s+(?:that|it|this|one)(?:\s+up)?(?:\s+for\s+me)?)(?:\s+(?:of|about|abt)\s+(?:it|that|this|both|them(?:\s+both)?|the\s+(?:two|2|three|3))|\s+(?:it|that|this|both))?(?:[\s,]+(?:please|pls|thanks|ok|okay|o+|oh|abeg|leh|lah|sha|biko|can|ah|na|naman|for\s+real|this\s+time|for\s+once|by\s+all\s+means))*[\s,.;:!?]*$`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`(?:^|[\s,.;:!?-]+)(?:(?:et|alors|donc|puis|pis|stp|svp|voil[àa]|merci\s+de|(?:est-ce\s+que\s+)?tu\s+(?:peux|pourrais|pourras|veux\s+bien)|peux[- ]tu|pourrais[- ]tu|(?:il\s+)?(?:faut|faudrait|faudra)(?:\s+que)?|j'(?:ai\s+besoin|aimerais|voudrais)\s+que)\s+)*` +
      String.raw`(?:(?:tu|vous)\s+(?:(?:vas|va|allez|peux|pourras|pourrais|dois|devras|sais|saurais|savez|veux|voudrais)\s+)?(?:me|m')\s*(?:l'|le\s+|la\s+|les\s+)?(?:rapp?ell?\p{L}*|remind\p{L}*|f(?:ai|er)\p{L}*\s+penser|f(?:ai|er)\p{L}*\s+signe)(?:-tu)?|(?:tu|vous)\s+m'y\s+f(?:ai|er)\p{L}*\s+penser|(?:me|m')\s*(?:le\s+|la\s+|l')?(?:rapp?ell?\p{L}*)|rapp?ell?\p{L}*[- ](?:le[- ]|la[- ])?moi(?:[- ](?:le|la|[çc]a))?|rapp?el[- ]moi|f(?:ai|er)\p{L}*[- ](?:m'y|moi[- ]y)\s+penser|(?<!(?:le|un|du|de|mon|ton|son|au|ce)\s)rappel|(?:tu\s+)?(?:me\s+|m')(?:(?:le|la|les)\s+|l')?not(?:e|es|ez|er|eras)(?:-tu)?|note[sz]?[- ]moi|note[sz]?[- ](?:le|la|[çc]a)(?=[\s,]*(?:stp|svp|merci|s'il\s+te\s+pla[iî]t)?[\s.!?]*$)|(?:tu\s+)?(?:me\s+|m')(?:mets?|mettre|mettras|programmer)(?:-tu)?(?=\s+[çc]a)|(?:tu\s+)?(?:me\s+|m')sonn(?:e|es|eras|erez|ez)(?:-tu)?|${REQUEST_VERB.fr})` +
      String.raw`(?:\s+(?:[çc]a|le|la|(?:des|les|tous\s+les)\s+(?:deux|2|trois|3)))?(?:[\s,]+(?:stp|svp|merci|ok|volontiers|a\s+ni\s+ce|i\s+ni\s+ce|s'il\s+te\s+pla[iî]t|une\s+fois|m[āa]uruuru|maururu|right|l[àa]|ya3ni|yaani|s[ée]rieux|s[ée]rieusement|cette\s+fois(?:-ci)?|pour\s+de\s+vrai|pour\s+une\s+fois))*[\s,.;:!?]*$`,
    'iu',
  ),
};
/** A relative word before the verb makes it part of the subject ("the song that reminds me"). */
const RELATIVE_BEFORE: Record<Language, RegExp> = {
  en: /(?:^|\s)(?:that|which|who|what|it|this|always|still|to|will|would|should|must|might|may|to)\s*$/iu,
  fr: /(?:^|\s)(?:qui|que|qu'|ça|ca|cela|il|elle|toujours|de|d'|pour|va|vas|doit|peut|pourra)\s*$/iu,
};

/** The last words a request said last can end on (a cheap test before TRAILING_REQUEST). */
const REQUEST_LAST_WORD: Record<Language, RegExp> = {
  en: /^(?:me|us|it|that|this|them|late|oversleep|remind|na|naman|please|pls|thanks|ok|okay|reminder|alarm|alert|nudge|ping|text|message|up|remember|know|forget|shout|bell|buzz|ring|call|reminded|o+|oh|abeg|leh|lah|sha|biko|can|ah|flake|bail|slack)$/i,
  fr: /^(?:rapp?\p{L}*|remind\p{L}*|moin|mwen|not\p{L}*|penser|tu|volontiers|dire|pr[ée]v\p{L}*|avert\p{L}*|alert\p{L}*|notif\p{L}*|relanc\p{L}*|r[ée]veil|alarme|message|moi|nous|oubli\p{L}*|pas|signe|[çc]a|le|la|stp|svp|merci|ok|pla[iî]t|bip\p{L}*|sonn\p{L}*|fois|m[āa]uruuru|maururu|right|l[àa])$/iu,
};

function stripTrailingRequest(s: string, language: Language): string {
  if (!REQUEST_LAST_WORD[language].test(lastWord(s).word)) return s;
  const from = Math.max(0, s.length - 80);
  let window = s.slice(from);
  let offset = from;
  if (from > 0) {
    const space = window.search(/\s/);
    if (space < 0) return s;
    window = window.slice(space);
    offset += space;
  }
  const at = leftmostMatch(window, TRAILING_REQUEST[language]);
  if (at < 0) return s;
  const head = s.slice(0, offset + at);
  if (!/\p{L}/u.test(head) || RELATIVE_BEFORE[language].test(head)) return s;
  return ASKING_ONLY[language].test(head.trim()) ? '' : head;
}

/**
 * Words every request of REQUEST_VERB holds one of: a text with none (most subjects, once the
 * trigger is gone) skips the longer pattern.
 */
const REQUEST_HINT: Record<Language, RegExp> = {
  en: /(?<![\p{L}])(?:me|us|i|gimme|reminders?|remind|reminding|alarm|alert|nudge|forget|remember|reminded|heads)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])(?:me|m'|moi|nous)|rappel|r[ée]veil|alarme|alerte|notif|message|oubli|pr[ée]venue?|averti|signe/iu,
};

function stripRequest(s: string, language: Language): string {
  if (!REQUEST_HINT[language].test(s)) return s;
  const m = matchRequest(s, language);
  if (!m) return s;
  // Nothing of its own after the request ("farmers market. remind me", "…, remind me mate", "…,
  // remind me would ya"): what came before is the subject.
  const rest = s.slice(m[0].length);
  let own = ONLY_ADDRESSEE[language].test(rest) ? '' : /\p{L}/u.test(rest) && FILLER_LAST_WORD[language].test(lastWord(rest).word) ? cutAtEnd(rest, TRAILING_FILLERS[language]) : rest;
  // The request said after its subject, then words that are no action of their own: a courtesy,
  // a word of the region, a remark ("… rappelle-moi zarma j'oublie tjrs", "… can you remind me
  // chur", "… ping me i always forget"). What came before is the subject.
  if (/\p{L}/u.test(own)) {
    // (A comma after it ends the subject, not a clause: "pay the oil bill, remind me dear".)
    const before = m[1].trim().replace(/[\s,;:]+$/u, '');
    // (A stop or an emoji that ended it says nothing of its kind: "amphi de droit 😴 rappelle moi stp jsp …".)
    // (Nor does "so" / "donc" before the request: "… chercher du lait faque rappelle-moi ça".)
    const subjectBefore = /\p{L}/u.test(before) && !ASKING_ONLY[language].test(before) && !isContextClause(before.replace(/[\s.!?…]+$/u, '').replace(SO_END, ''), language);
    const pointer = pointsBack(own, language);
    const connected = /\S/u.test(m[2] ?? '') || STARTS_ON_CONNECTOR[language].test(own);
    if (subjectBefore) {
      // A short tail with no connector after a request that follows its subject is whom it is said
      // to or how ("… rappelle-moi biloute", "… remind me proper job", "… remind me dear").
      // (Not when it names a thing: "… can ye remind me tae phone my maw"; "my love" is whom.)
      const tail = own.trim();
      // ("jummah every friday 1pm, remind me bhai": one word after it, even after a one-word subject
      // closed by a pause; not "c'mere remind me gym …".)
      const short = (words(before) >= 2 || (words(tail) === 1 && /[,.;!?]\s*$/u.test(m[1]))) && words(tail) <= 4 && (!NAMES_A_THING[language].test(tail) || /^(?:my|mon|ma)\s+\S+$/iu.test(tail));
      if (pointer || (!connected && (short || remarkOnly(own, language)))) own = '';
    } else if (pointer || (!connected && courtesyOnly(own, language))) {
      // (Not what the request introduces: "I'm so glad, remind me to thank Ana".)
      // Only the way of asking, then a courtesy ("… can you remind me, thanks b'y"): no subject here.
      return '';
    }
  }
  if (!/\p{L}/u.test(own)) {
    if (!/\p{L}/u.test(m[1])) return s.slice(m[0].length);
    // (A request said last that pointed back keeps no "of" / "de" at its end: "… can you remind me of".)
    const said = s.slice(0, m[0].length + own.length).replace(/\s+(?:of|about|de|d')\s*$/iu, '');
    const t = stripTrailingRequest(said, language);
    // ("… chercher du lait faque rappelle-moi ça": the "so" went with the request.)
    if (t !== said) return subjectBeforeSo(t, language);
    const head = m[1].replace(JOINED_LEAD, '');
    if (ASKING_ONLY[language].test(head.trim())) return '';
    return RELATIVE_BEFORE[language].test(head) ? s : head;
  }
  // A whole clause said as context before a request with a subject of its own ("the bins go out
  // so remind me to wheel them out", "le marché est ouvert, rappelle-moi de prendre les sacs").
  // (Or one opened by the speaker or someone else with a verb of their own, said without a stop:
  // "so like I always forget this remind me to …", "we never remember remind us to …".)
  const lead = m[1].replace(LEAD_INTERJECTIONS, '');
  if ((isContextClause(m[1], language) || PRONOUN_CLAUSE[language].test(lead) || NOUN_HAS_CLAUSE.test(lead)) && !ONLY_PRONOUN.test(own)) return rest;
  // A lead closed by a laugh or a sigh ("up way too early with the time change lol remind me …"): why, not what.
  if (LAUGH_END.test(m[1].trim()) && /\p{L}/u.test(own) && /\p{L}{2}/u.test(m[1].trim().replace(LAUGH_END, ''))) return rest;
  // Words before the request are its wording unless they name a thing; a clause joined to it by
  // "and" is another thing asked of the bot, and goes when the request has a subject of its own.
  if (NAMES_A_THING[language].test(m[1]) && !(JOINED_LEAD.test(m[1]) && /\p{L}/u.test(s.slice(m[0].length)))) return s;
  // "tell mum to call me about…", "demande à Julie de me rappeler…": a request made to someone else.
  if (SOMEONE_ELSE[language].test(m[1])) return s;
  return s.slice(m[0].length);
}

/** A subject introduced as one ("… rappelle-moi d'arroser", "… remind me to …"). */
const STARTS_ON_CONNECTOR: Record<Language, RegExp> = {
  en: /^[\s,]*(?:(?:to|2|fi|tae|that|about|abt|'?bout|of|re:?|regarding|concerning|so\s+that|when|if|for)(?![\p{L}'])|\d)/iu,
  // (Not Arabizi's digit-letters: "rappelle-moi 3aychek" is a courtesy.)
  fr: /^[\s,]*(?:(?:de|du|des|que|pour|[àa]|au|aux|quand)(?![\p{L}])|d'|qu'|\d(?!\p{L}{3}))/iu,
};
/** Words said after a request that are no subject: courtesy, interjections, words of the region. */
const REMARK_WORDS: Record<Language, RegExp> = {
  en: /^(?:only|please|pls|plz|thanks|thank\s+(?:you|u|ya|yu)|salamat(?:\s+po)?|thx|ty|cheers|chur|sweet\s+as|ta|lah|leh|lor|la|ah|eh|na|yaar|yaa|ya|sha|o|oh|ok(?:ay)?|k|bro|mate|man|fam|boss|sis|all\s+that|that|this|it|them|again|too|as\s+well|lol|haha|pretty\s+please|will\s+(?:you|ya|u)|would\s+(?:you|ya|u)|no\s+worries|yeah|yh|abeg|jare|ooo?|naman|po|by\s+all\s+means|for\s+real|this\s+time|for\s+once)(?![\p{L}'])[\s,.!?]*/iu,
  fr: /^(?:stp|svp|stpl|merci|mrc|zarma|wesh|wsh|tkt|frère|frérot|fr[eé]re|reuf|ma\s+belle|mon\s+gars|yaa?|ya|o\s+m[aà]|o|oh|eh|hein|d[èeê]h|ok|oki|tout\s+[çc]a|[çc]a|aussi|encore|inch'?\s?allah|wallah|peuch[èe]re|fada|mdr|lol|bisous?|stp\s+merci|s'il\s+te\s+pla[iî]t|une\s+fois|m[āa]uruuru|maururu|quand\s+m[êe]me|qd\s+m[êe]?me?|right|murakoze|jërëjëf|jerejef|merci\s+bien|3afak|afak|3aychek|aychek|choukran|chokran|shukran|baraka(?:\s*llahou?\s*fik)?|saha|ya3ni|yaani|s[ée]rieux|s[ée]rieusement|pour\s+de\s+vrai|cette\s+fois(?:-ci)?|pour\s+une\s+fois|doudou|m[èe]si(?:\s+anpil)?|mersi(?:\s+(?:bokou|boukou))?)(?![\p{L}'])[\s,.!?]*/iu,
};
/**
 * Only remark words (then at most one word more: "thanks b'y", "please mwebantu"), another way of
 * asking ("don't let me sleep in"), or a clause of its own ("j'oublie tjrs", "oh my heck i always
 * forget", "sinon elle râle").
 */
function remarkOnly(text: string, language: Language): boolean {
  const { rest, stripped } = afterCourtesy(text, language);
  if (onlyCourtesy(rest, stripped)) return true;
  return (
    SUBJECT_FIRST[language].test(rest) ||
    REMARK_OPEN[language].test(rest) ||
    I_CLAUSE[language].test(rest) ||
    ANY_REQUEST[language].test(rest) ||
    isContextClause(rest, language)
  );
}
/** The words REMARK_WORDS can start with. */
const REMARK_FIRST: Record<Language, Set<string>> = {
  en: new Set('only please pls plz thanks thank salamat thx ty cheers chur sweet ta lah leh lor la ah eh na yaar yaa ya sha o oh ok okay k bro mate man fam boss sis all that this it them again too as lol haha pretty will would no yeah yh abeg jare oo ooo naman po by for this'.split(' ')),
  fr: new Set("stp svp stpl merci mrc zarma wesh wsh tkt frère frérot frere frére reuf ma mon yaa ya o oh eh hein dèh deh dêh ok oki tout ça ca aussi encore inch inch'allah inchallah insh insh'allah wallah peuchère peuchere fada mdr lol bisou bisous s'il une māuruuru mauruuru maururu quand qd right murakoze jërëjëf jerejef 3afak afak 3aychek aychek choukran chokran shukran baraka saha ya3ni yaani sérieux serieux sérieusement serieusement pour cette doudou mèsi mesi mersi".split(' ')),
};
/** Only courtesy words, then at most one word more ("thanks b'y", "please mwebantu", "would ya my lover"). */
function courtesyOnly(text: string, language: Language): boolean {
  const { rest, stripped } = afterCourtesy(text, language);
  return onlyCourtesy(rest, stripped);
}
function onlyCourtesy(rest: string, stripped: boolean): boolean {
  return !/\p{L}/u.test(rest) || (stripped && (words(rest) <= 1 || MY_SOMEONE.test(rest)));
}
/** The words after the courtesy and regional words a tail starts with. */
function afterCourtesy(text: string, language: Language): { rest: string; stripped: boolean } {
  let rest = text.trim().replace(/^[\s,.!?-]+/, '');
  let stripped = false;
  // Most tails start with no such word: a look-up of the first word settles them.
  const first = /^[\p{L}']+/u.exec(rest)?.[0].toLowerCase();
  if (!first || !REMARK_FIRST[language].has(first)) return { rest, stripped };
  for (let guard = 0; guard < 6 && rest; guard++) {
    const m = REMARK_WORDS[language].exec(rest);
    if (!m || !m[0]) break;
    rest = rest.slice(m[0].length);
    stripped = true;
  }
  return { rest, stripped };
}
/** Whom it is said to, as "my …" ("my lover", "mon frère"). */
const MY_SOMEONE = /^(?:my|mon|ma)\s+\S+[\s.!?]*$/iu;
/** The speaker's own clause anywhere in a tail ("… i always forget", "… j'oublie tout le temps"). */
const I_CLAUSE: Record<Language, RegExp> = {
  en: /(?:^|\s)(?:i|i'm|im|i'll|i've|i'd)\s+\p{L}/iu,
  fr: /(?:^|\s)(?:j'|je\s|chu\s|chui\s|jsuis\s)/iu,
};
/** What a request said last points back at ("(of) both", "tout ça", "les deux", "ça"), then perhaps a courtesy. */
const POINTER: Record<Language, RegExp> = {
  en: /^[\s,]*(?:(?:of|about)\s+)?(?:both(?:\s+of\s+(?:them|these|those|em))?|all\s+(?:of\s+)?(?:it|them|that|this|these|those)|it\s+all|them\s+all|all|it|that|this|them|these|those|everything)(?![\p{L}'])/iu,
  // ("rappelle-moi-le", "rappelle-moi-les": the pronoun glued to the request.)
  fr: /^(?:[\s,]*(?:(?:de\s+)?tout\s+[çc]a|les\s+deux|(?:de\s+)?[çc]a|cela|tout)|-(?:le|la|les|l[àa]))(?![\p{L}'])/iu,
};
function pointsBack(text: string, language: Language): boolean {
  const m = POINTER[language].exec(text);
  if (!m) return false;
  const rest = text.slice(m[0].length);
  return !/\p{L}/u.test(rest) || remarkOnly(rest, language) || words(rest) <= 2;
}
/** A clause that says why or what else ("sinon …", "because …", "or i'll …"). */
const REMARK_OPEN: Record<Language, RegExp> = {
  en: /^(?:because|cause|coz|cuz|since|otherwise|or\s+else|(?:don'?t|do\s+not)\s+let\s+me|make\s+sure\s+i|(?:yuh|you|ya|u)\s+know|keep\s+me\s+(?:honest|on\s+track|accountable|motivated|sane)|hold\s+me\s+(?:to\s+it|accountable)|or(?=\s+(?:i|im|i'm|i'll|we|it|you|he|she|they)(?![\p{L}'])))(?![\p{L}'])/iu,
  fr: /^(?:sinon|parce\s+que?|vu\s+que?|puisque?|car|comme|j'|chu|chui|jsuis|jsp)(?![\p{L}])/iu,
};

/** "remidn me", "reimnd me", "remnid me": a word one typo away from "remind", before "me". */
const NEAR_REMIND = /(?<![\p{L}])(\p{L}{5,7})(?=\s+(?:me|mee|meh|em|mw|mr|ne)(?![\p{L}]))/giu;


const RAPPEL_FORMS = ['rappelle', 'rappel', 'rapelle', 'rapel'];
/** "rapple moi", "rappelle mooi", "rappelle-mo", "rappel moa": the French request through a typo. */
const NEAR_RAPPEL = /(?<![\p{L}])(\p{L}{4,9})[\s-]*(moi|mooi|moa|mwa|mw|mo|mi)(?![\p{L}])/giu;

function fixTriggerTypo(s: string, language: Language): string {
  if (language === 'fr') {
    if (/rapp?ell?\p{L}*[\s-]*(?:moi|nous)(?![\p{L}])/iu.test(s)) return s;
    return s.replace(NEAR_RAPPEL, (all, verb: string) => {
      const v = verb.toLowerCase();
      return RAPPEL_FORMS.some((f) => v === f || (v.length > 4 && oneTypoFrom(v, f))) ? 'rappelle-moi' : all;
    });
  }
  // A message that spells "remind me" right has no typo'd one to look for.
  // (Jamaican "remind mi" is "remind me".)
  if (/remind(?:s|ed|ing)?\s+(?:me|us)(?![\p{L}])/iu.test(s) || !/(?:\s|-|d)(?:me|mee|meh|em|mw|mr|ne|mi|be)(?![\p{L}])/iu.test(s)) return s;
  return s
    .replace(/(?<![\p{L}])(?:remind-?me|rmnd\s+me|rmd\s+me)(?![\p{L}])/giu, 'remind me')
    .replace(NEAR_REMIND, (w) => (oneTypoFrom(w, 'remind') ? 'remind' : w))
    .replace(/(?<=(?:remind|ping|tell|text|nudge)\s+)(?:mee|meh|em|mw|mr|ne|mi)(?![\p{L}])/giu, 'me')
    // Autocorrect's "Remind be": "be" is a word, so it survives the spell check that "me" was typed for.
    .replace(/(?<=remind\s+)be(?=\s+(?:to|on|at|in|every|each|tomorrow|tonight|today|about|that|this|next|\d))/giu, 'me');
}

/**
 * Quebec spellings of the object pronouns after a verb ("rappelle-moé", "fais-moé penser",
 * "dis-moué", "rappelle-toé"): read as "moi" / "toi" (also after a space, "rappelle moé"; "que moé j'arrive" keeps its word).
 */
const QUEBEC_PRONOUN = /(?<=\p{L}-|(?<![\p{L}])(?:rapp?ell?e?s?|fais|faites|dis|dites|pr[ée]viens|avertis|laisse|souviens)\s)([mt])(?:o[ée]|ou[ée]|w[ée])(?![\p{L}])/giu;

/** Removes the trigger phrase and the fillers from the start, repeatedly ("ok so remind me to..."). */
export function stripTrigger(text: string, language: Language): string {
  const s = collapse(text);
  const out = stripLoop(s, language);
  // A word one typo from "remind" is read as it only when that makes it a request that goes
  // ("remidn me to…"); a real word stays ("the book that reminds me of home"); so are the Quebec
  // pronouns ("rappelle-moé"), which elsewhere stay as said.
  const fixed = fixTriggerTypo(language === 'fr' ? s.replace(QUEBEC_PRONOUN, '$1oi') : s, language);
  if (fixed === s) return out;
  const outFixed = stripLoop(fixed, language);
  return words(outFixed) < words(out) ? outFixed : out;
}

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** A trigger that ends on the word introducing its subject ("remind me to", "rappelle-moi de"). */
const INTRODUCED = /(?<![\p{L}])(?:to|that|about|de|d'|que|qu')\s*$/iu;
const FILLER_VERB = /^(?:ok(?:ay)?|like)\s+\p{L}/iu;

function stripLoop(text: string, language: Language): string {
  let s = text;
  let introduced = false;
  for (let guard = 0; guard < 8; guard++) {
    const before = s;
    s = trimPunctuation(s);
    // Right after "remind me to", a filler that is also a verb is the verb ("remind me to ok the
    // invoice", "… to like the photo"), unless a pause sets it apart ("… to, like, call mum").
    if (!introduced || !FILLER_VERB.test(s)) s = s.replace(EDGE_FILLERS[language], '');
    introduced = false;
    let matched = false;
    for (const re of TRIGGERS[language]) {
      const m = s.match(re);
      if (m && m[0].length > 0) {
        s = s.slice(m[0].length);
        introduced = INTRODUCED.test(m[0]);
        // Nothing after the request but a courtesy ("can you remind me, thanks b'y"): no subject here.
        if (s.length <= 48 && /\p{L}/u.test(s) && courtesyOnly(s, language)) s = '';
        matched = true;
        break;
      }
    }
    if (!matched) s = stripRequest(s, language);
    s = trimPunctuation(s);
    if (s === trimPunctuation(before)) s = stripTrailingRequest(s, language);
    s = trimPunctuation(s);
    if (s === before) break;
  }
  return s;
}

/**
 * The subject of a reminder: the user's own words minus the date/time spans, the dangling
 * connectors those leave behind, the trigger phrase and the fillers (rule 12).
 */
export function extractSubject(original: string, spans: RemovedSpan[], language: Language): string {
  const subject = subjectOf(original, spans, language);
  // A clause said as context before the date, the action after it ("my back is killing me every 45
  // mins get up and stretch", "le médecin a dit chaque soir à 20h prendre le coartem"): the action
  // is the subject. Not when nothing but the request follows ("the bins go out tomorrow remind me").
  let first = original.length;
  for (const sp of spans) if (sp.start < first) first = sp.start;
  if (first > 8 && first < original.length) {
    const lead = original.slice(0, first).trim();
    // "I need to call the vet on monday about …": what the speaker has to do is the action, not context.
    const must = language === 'en' && MUST_WORD.test(lead) ? I_MUST[language].exec(lead) : null;
    const mustAction = must && (!must[1] || CLAUSE_END.test(must[1]) || !withoutFillers(must[1], language)) && /\p{L}/u.test(lead.slice(must[0].length));
    if (!mustAction && THREE_WORDS.test(lead) && !hasRequest(lead, language) && isContextClause(lead.replace(DANGLING_END[language], ''), language)) {
      const after = subjectOf(original.slice(first), spans.map((sp) => ({ ...sp, start: sp.start - first, end: sp.end - first })), language);
      const onlyRequest = hasRequest(after, language) || TRAILING_REQUEST[language].test(after);
      if (/\p{L}/u.test(after) && !onlyRequest && !SUBJECT_FIRST[language].test(after) && after.length < subject.length) return after;
    }
  }
  return subject;
}

const THREE_WORDS = /\S\s+\S+\s+\S/u;

/**
 * Spoken particles that close a clause (Singapore's "lah", "leh", "lor", India's "yaar", "innit"):
 * never an object, so what is said before or after them is a clause of its own.
 */
const PARTICLES = 'lah|leh|lor|yaar|innit|naman';
const PARTICLE_HINT = new RegExp(PARTICLES, 'i');
const CLAUSE_PARTICLE = new RegExp(String.raw`(?<![\p{L}'])(?:${PARTICLES})(?![\p{L}'])[\s,.!]*`, 'giu');

/**
 * "new year resolution lah gym every …": the words before a particle are a remark when what
 * follows is the action; "drink water yaar it's too hot": after it, when what follows is a clause.
 */
function aroundParticle(s: string, language: Language): string {
  const found = [...s.matchAll(CLAUSE_PARTICLE)];
  if (!found.length) return s;
  const last = found[found.length - 1];
  const after = s.slice(last.index! + last[0].length);
  // ("pay the bill naman": the particle said last.)
  if (!/\p{L}/u.test(after) && /\p{L}/u.test(s.slice(0, last.index!))) return s.slice(0, last.index!);
  // ("take the medicine lah, aiyah": an exclamation or a courtesy after it is no action either.)
  if (/\p{L}/u.test(s.slice(0, last.index!)) && (isRemark(stripTrailingRequest(after, language), language) || EXCLAIMED.test(after) || courtesyOnly(after, language))) return s.slice(0, last.index!);
  const first = found[0];
  const head = s.slice(0, first.index!);
  // ("pa-remind naman po to …": the particle right after the request is its courtesy.)
  if (/(?<![\p{L}])remind\s*$/iu.test(head)) return s;
  const rest = s.slice(first.index! + first[0].length);
  const own = stripTrailingRequest(rest, language);
  // ("stretch every 30 mins yaar remind me, …": the particle only ends the action before the request.)
  // ("apply the oil yaar, pls remind me": nothing but the request after it.)
  if (requestAt(rest, language) === 0 || isOnlyRequest(rest, language)) return s;
  if (/\p{L}/u.test(head) && /\p{L}/u.test(own.replace(ANY_REQUEST[language], ' ')) && !hasRequest(head, language) && !isRemark(own, language)) return rest;
  return s;
}

/** Words that open a reason said right after a request ("…, remind me so i actually go"). */
const REASON_HINT = /(?<![\p{L}])(?:so|coz|cos|cause|because|bc|otherwise|else|when|sinon|pour|parce|comme|car|quand|j'?veux|je|jsuis|chui)(?![\p{L}])|,/iu;
const REASON_AFTER_REQUEST: Record<Language, RegExp> = {
  en: /^(?:\s+(?:please|pls|plz|thanks|thx|ok))?[\s,.!]+(?:so(?:\s+that)?|coz|cos|'?cause|because|bc|or\s+else|otherwise|when)\s+(?:i|i'm|im|i'll|ill|he|she|they|we|it|you|u|my|the)(?![\p{L}])/iu,
  fr: /^(?:\s+(?:stp|svp|merci|steup))?[\s,.!]+(?:sinon|pour\s+(?:que|qu'|pas|ne\s+pas)|parce\s+qu|comme\s+[çc]a|car|j'?veux|je\s+veux|jsuis|je\s+suis|chui|quand\s+(?:ils?|elles?|on|c'est|[çc]a))(?![\p{L}])/iu,
};

/**
 * "therapy every other wednesday at 4pm, pls remind me so i dont bail", "sortir la pâte …, rappelle
 * moi stp jveux du pain frais": the subject is said before the request, the words after it say why.
 */
function cutReasonAfterRequest(s: string, language: Language): string {
  const m = REQUEST_WORD_AT[language].exec(s);
  if (!m || !/\p{L}/u.test(withoutFillers(s.slice(0, m.index), language))) return s;
  const end = m.index + m[0].length;
  const tail = s.slice(end);
  // ("stretch every 30 mins, remind me, my back is killing me": a clause of its own after a comma.)
  return REASON_AFTER_REQUEST[language].test(tail) || (/^\s*,/.test(tail) && isRemark(tail, language)) ? s.slice(0, end) : s;
}

const FORGET_HINT = /oubli|zapp|bliye/iu;
/**
 * "… j'oublie toujours", "…, fo pa ke joublie", "… sinon je zappe": the speaker saying they forget,
 * typed as it is said, is why they ask, not what to do.
 */
const I_FORGET_FR = /(?<!(?:que|qu'|ke|qui|quand|si|dont|où))[\s,.;!]+(?:f[oò]k\s+(?:m|mwen|nou)\s+pa\s+bliye|pa\s+kite\s+(?:m|mwen)\s+bliye|(?:il\s+)?f(?:au|o)t?\s+pa?s?\s+(?:(?:que|qu'|ke|k)\s*)?j[e']?\s*(?:l'|le\s+)?(?:oubli|zapp)\p{L}*|(?:(?:sinon|car|parce\s+que|pcq|vu\s+que|comme)\s+)?(?:j'|j\s|je\s+|j)(?:l'|le\s+|les\s+)?(?:oubli|zapp)\p{L}*(?:\s+(?:toujours|tjs|tout\s+le\s+temps|tt\s+le\s+temps|souvent|[àa]\s+chaque\s+fois|tout|tt))?)(?:\s+(?:hein|d[èeê]h|o|oh|ô))?[\s.!]*$/iu;

/** "…, street cleaning 🙄", "…, la galère 😩": a few words after a comma, closed by a face that sighs, are a remark. */
const VENT_EMOJI = String.raw`(?:🙄|😩|😤|😫|😒|😑|😬|🤦(?:\u200D?[♀♂]\uFE0F?)?|😮‍💨|😭|😡|🤬|😞|😔|🥱|😪|🫠|🥲|💀|🤷(?:\u200D?[♀♂]\uFE0F?)?)`;
const VENTED_AFTER_COMMA = new RegExp(String.raw`,\s*(?:[\p{L}'-]+\s+){0,5}[\p{L}'-]+\s*${VENT_EMOJI}+(?=\s|$)`, 'gu');
/** "… stretch my back 🥲 library grind": a sigh, then a few words of how it is, said last. */
const VENTED_TAIL = new RegExp(String.raw`\s*${VENT_EMOJI}+\s*(?:[\p{L}'-]+\s+){0,2}[\p{L}'-]+[\s.!]*$`, 'u');

const LABEL_HINT = /\s[-–—]\s|:\s/u;
/** A label closed by a spaced dash or a colon: "dog sitting for the Hendersons - feed …", "work stuff: send …". */
const LABEL_LEAD = /^\s*((?:[\p{L}\p{N}'’&]+\s+){1,6}[\p{L}\p{N}'’&]+)\s*(?:\s[-–—]|:)\s+(?=\p{L})/u;
/** The verbs an errand most often starts with, for English, where a verb has no ending of its own. */
const EN_ERRAND_VERB = /^(?:call|ring|phone|text|email|e-mail|message|send|buy|get|grab|pick|drop|take|give|feed|water|walk|pay|book|check|clean|wash|cook|make|fix|move|put|bring|collect|order|renew|cancel|submit|print|post|charge|pack|prep|prepare|finish|start|go|visit|meet|leave|change|empty|fill|top|sort|tidy|iron|hoover|vacuum|mop|ask|tell|review|read|write|study|practi[cs]e|return|schedule|confirm|follow|chase|update|defrost|thaw|soak|bake|clear|mow|trim|refill|restock|open|close|lock|unlock|turn|switch|set|do|see|say|wake|log|file|fetch|hand|plan)(?![\p{L}'])/iu;
/** French verbs of an errand are infinitives ("nourrir", "arroser", "prendre", "voir"). */
const FR_INFINITIVE = /^\p{L}{2,}(?:er|ir|re|oir)(?![\p{L}'])/iu;
/** Words start with an action's verb: an English errand verb, a French infinitive. */
export const VERB_FIRST: Record<Language, RegExp> = { en: EN_ERRAND_VERB, fr: FR_INFINITIVE };

function afterLabel(s: string, language: Language): string {
  const m = LABEL_LEAD.exec(s);
  if (!m || hasRequest(m[1], language)) return s;
  const rest = s.slice(m[0].length);
  if (!/\s\p{L}/u.test(rest.trim())) return s;
  return VERB_FIRST[language].test(rest) ? rest : s;
}

/** "so" / "donc" said last, before a request. */
const SO_END = new RegExp(String.raw`\s+(?:${SO_WORDS})$`, 'iu');
/** The words before a "so" said last, when they are an action rather than context. */
function subjectBeforeSo(t: string, language: Language): string {
  const trimmed = t.replace(/[\s,]+$/u, '');
  if (!SO_END.test(trimmed)) return t;
  const head = trimmed.replace(SO_END, '');
  return isContextClause(head, language) ? t : head;
}
/** Words that may correct what was just said. */
const SELF_CORRECTION_HINT = /(?<![\p{L}])(?:pardon|sorry|wait|attends|plut[oô]t|rather|i\s+mean|je\s+veux\s+dire|my\s+bad|non|no)(?![\p{L}])/iu;
/**
 * "appeler le plombier non pardon l'électricien", "call the plumber no sorry the electrician", "buy
 * milk, I mean oat milk": a "no" with a word of correction ("sorry", "pardon", "wait"), or "I mean",
 * "ou plutôt" alone, then
 * what replaces the words before it.
 */
const SELF_CORRECTION = /[\s,]+(?:(?:eu+h+|u+m+|u+h+|e+rm*)[\s,]+)?(?:(?:non|nan|no|nope|nah|naw)[\s,]+(?:(?:pardon|sorry|wait|attends|plut[oô]t|rather|i\s+mean|je\s+veux\s+dire|my\s+bad)[\s,]+)+|(?:non|no)[\s,]+(?=(?:le|la|les|l'|un|une|mon|ma|mes|the|my|a|an)\s*\p{L})(?<=(?:eu+h+|u+m+|u+h+)[\s,]+(?:non|no)[\s,]+)|(?:i\s+mean|je\s+veux\s+dire|ou\s+plut[oô]t|or\s+rather)[\s,]+)(?=\p{L})/iu;
/** A determiner opening the words a correction replaces. */
const LAST_DETERMINER = /(?:^|\s)(?:le|la|les|l'|un|une|des|du|mon|ma|mes|ton|ta|son|sa|ses|the|a|an|my|your|his|her|our|their)(?:\s+|(?<='))[^\s]*(?:\s+[^\s]+)?$/iu;
const OPENS_WITH_DETERMINER = /^(?:le|la|les|l'|un|une|des|du|mon|ma|mes|ton|ta|son|sa|ses|the|a|an|my|your|his|her|our|their)(?:\s|(?<='))/iu;

function withSelfCorrection(s: string, language: Language): string {
  const m = SELF_CORRECTION.exec(s);
  if (!m) return s;
  const head = s.slice(0, m.index);
  const tail = s.slice(m.index + m[0].length);
  // Right after the request ("rappelle-moi euh non attends plutôt demain …"), nothing is replaced:
  // the speaker hesitated over the time.
  const req = requestAt(head, language);
  if (req >= 0 && !/\p{L}/u.test(head.slice(req).replace(ANY_REQUEST[language], ''))) return head + ' ' + tail;
  // The words replaced: from the last determiner (at most two words after it) when the new words
  // open with one, otherwise the last word ("call mum no sorry dad").
  const det = OPENS_WITH_DETERMINER.test(tail) ? LAST_DETERMINER.exec(head) : null;
  const cut = det ? det.index + (det[0].startsWith(' ') ? 1 : 0) : head.search(/\S+$/u);
  if (cut <= 0 || !/\p{L}/u.test(head.slice(0, cut))) return s;
  return head.slice(0, cut) + tail;
}

/** A determiner right before a time that labels the noun after it (English: French says "le train de 7h15"). */
const LABEL_DETERMINER = /(?:^|[^\p{L}\p{N}'])(?:the|my|your|our|his|her|their)\s+$/iu;

const DATE_EMPHASIS: Record<Language, RegExp> = {
  en: /^\s*itself(?![\p{L}'])/iu,
  fr: /^(?!)/u,
};

function subjectOf(original: string, spans: RemovedSpan[], language: Language): string {
  const sorted = [...spans].sort((a, b) => b.start - a.start);
  // Cut right to left, keeping the pieces between spans: text before `limit` is still the
  // original, so a dangling connector cut with one span (which may reach into the next span) is
  // looked for in a short window, and the whole is joined once (linear on long input).
  const kept: string[] = [];
  let limit = original.length;
  for (const span of sorted) {
    if (span.start >= limit) continue;
    // (Indian English "today itself", "tomorrow evening itself": the emphasis goes with the date.)
    kept.push(original.slice(Math.min(span.end, limit), limit).replace(DATE_EMPHASIS[language], ''));
    const dangling = span.kind === 'time' ? DANGLING_BEFORE_TIME[language] : DANGLING_BEFORE_DATE[language];
    let headEnd = span.start;
    // ("catch the 7:15 train", "the 8pm show": a time between a determiner and its noun labels the
    // noun; the determiner stays with it.)
    const labels = language === 'en' && span.kind === 'time' && /^\s*\p{L}/u.test(original.slice(span.end, span.end + 3)) && LABEL_DETERMINER.test(original.slice(Math.max(0, span.start - 8), span.start));
    for (let guard = 0; guard < 4 && !labels; guard++) {
      const cut = danglingAtEnd(original.slice(Math.max(0, headEnd - 64), headEnd), dangling);
      if (!cut) break;
      headEnd -= cut;
    }
    limit = headEnd;
  }
  kept.push(original.slice(0, limit));
  let s = kept.reverse().join(' ');
  if (SELF_CORRECTION_HINT.test(s)) s = withSelfCorrection(s, language);
  // (A remark in another language said last goes before the particles are read: "… yaar, bhool jaata hoon".)
  if (s.includes(',')) s = cutOtherLanguageTail(s, language);
  if (language === 'en' && PARTICLE_HINT.test(s)) s = aroundParticle(s, language);
  if ((STOP_SIGN.test(s) || HAS_EMOJI.test(s)) && LEAD_BREAK.test(s)) s = afterVentedLead(s, language);
  if (LABEL_HINT.test(s)) s = afterLabel(s, language);
  // An emoji right before the request ends the clause said before it ("le notaire traîne encore 😤
  // rappelle-moi de …"): a stop, which the context rule then reads.
  if (HAS_EMOJI.test(s)) {
    // ("boire de l'eau 💧 dokter inn dir mwa": an emoji before a remark in another language ends the subject, as a comma does.)
    const lastEmoji = [...s.matchAll(EMOJI)].pop();
    if (lastEmoji) s = cutOtherLanguageTail(s, language, lastEmoji.index);
    const vented = VENTED_TAIL.exec(s);
    if (vented && /\p{L}{2}/u.test(s.slice(0, vented.index)) && !hasRequest(vented[0], language)) s = s.slice(0, vented.index);
    s = s.replace(VENTED_AFTER_COMMA, ' ').replace(EMOJI_BEFORE_REQUEST[language], '. ').replace(EMOJI, ' ');
  }
  if (TRAILING_CONTEXT_HINT[language].test(s)) {
    s = cutContext(s, language);
    s = cutRemark(s, language);
  }
  s = s.replace(FILLERS_ANYWHERE[language], ' ');
  s = collapse(s);
  if (REASON_HINT.test(s) && hasRequest(s, language)) s = cutReasonAfterRequest(s, language);
  // A trigger may follow the date ("tomorrow at 5 remind me to...") or close the sentence.
  s = stripTrigger(s, language);
  // A subordinate clause or a "I keep forgetting" said first, up to a comma, then the action ("now
  // that the clocks changed, close the blinds …", "vu que je pars tôt, sortir le chien …", "I keep
  // forgetting, bins out …"): why, not what.
  const opened = LEAD_CLAUSE_HINT.test(s) ? LEAD_CLAUSE[language].exec(s) : null;
  if (opened && words(s.slice(opened[0].length)) >= 2 && !hasRequest(opened[0], language)) s = s.slice(opened[0].length);
  // No request, context then "so" and what to do ("doctor said every 6 hours so give Zara her
  // antibiotics"): what follows "so" is the subject. Not when a request was made ("remind me to tell
  // Paul the car is ready so he can…") nor when what follows has a subject of its own ("so he can…").
  // Likewise when the request comes after "so" ("le frigo fait un bruit donc demain appeler le
  // réparateur rappelle-moi", "busy week so every evening go for a walk remind me"): what came
  // before "so" is why, whatever its form.
  // "(today is nuts) i gotta pick up my boots": what the speaker has to do is the subject.
  const reported = REPORTED_HINT[language].test(s) ? REPORTED_INSTRUCTION[language].exec(s) : null;
  if (reported && /\p{L}/u.test(s.slice(reported[0].length))) s = s.slice(reported[0].length);
  const must = language === 'en' && MUST_WORD.test(s) ? I_MUST[language].exec(s) : null;
  if (must && must[0].length < s.length && (!must[1] || CONTEXT_VERB[language].test(must[1]) || isContextClause(must[1], language))) s = s.slice(must[0].length);
  const lead = SO_WORD.test(s) ? SO_LEAD.exec(s) : null;
  // (When only the request follows "so", what came before is the subject unless it is a clause of
  // its own: "pay the haris, yaani remind me", not "j'oublie toujours donc rappelle-moi".)
  const afterSo = lead ? s.slice(lead[0].length) : '';
  const onlyRequestAfter = !!lead && (/\p{L}/u.test(afterSo) ? isOnlyRequest(afterSo, language) : requestAt(original, language) > soWordAt(original));
  if (onlyRequestAfter && !isContextClause(lead![1].replace(/[\s,;:.!?]+$/u, ''), language)) s = lead![1];
  // (Nor when a remark follows it: "sortir le kebbé …, ya3ni sinon ça dégèlera jamais".)
  else if (lead && !SUBJECT_FIRST[language].test(afterSo) && !REASON_START[language].test(afterSo.trim())) {
    const request = requestAt(original, language);
    // (The request after "so" is stripped with it: "… so can you remind me … to phone the council".)
    if (request < 0 ? isContextClause(lead[1], language) : request > soWordAt(original)) s = stripTrigger(s.slice(lead[0].length), language) || s.slice(lead[0].length);
  }
  for (let guard = 0; guard < 4; guard++) {
    const before = s;
    const last = lastWord(s);
    // Ending on a sign (an emoticon) or on a word a filler can end on.
    if (!last.bare || FILLER_LAST_WORD[language].test(last.word)) s = cutAtEnd(s, TRAILING_FILLERS[language]);
    s = trimPunctuation(s);
    s = trimPunctuation(stripTrailingRequest(s, language));
    s = cutAtEnd(s, DANGLING_END[language], 1);
    s = s.replace(NOUN_IS_END[language], '$1');
    if (TRAILING_CONTEXT_HINT[language].test(s)) {
      s = cutContext(s, language);
      s = cutRemark(s, language);
    }
    if (TRAILING_CLAUSE_HINT[language].test(s) && !SPEAKS_TO[language].test(s)) s = cutAtEnd(s, TRAILING_CLAUSE[language], 1);
    if (TRAILING_OWN_CLAUSE_HINT[language].test(s) && !SPEAKS_TO[language].test(s)) s = cutAtEnd(s, TRAILING_OWN_CLAUSE[language], 1);
    if (language === 'en' && STATE_HINT.test(s) && !SPEAKS_TO.en.test(s)) s = cutAtEnd(s, TRAILING_STATE, 1);
    if (TRAILING_TAIL_HINT[language].test(s) && !SPEAKS_TO[language].test(s)) s = cutAtEnd(s, TRAILING_TAIL[language], 1);
    if (language === 'fr' && FORGET_HINT.test(s)) s = cutAtEnd(s, I_FORGET_FR, 1);
    // ("…, hajalala bado", "…, dama ko namm": a remark in another language.)
    if (s.includes(',')) s = cutOtherLanguageTail(s, language);
    s = trimPunctuation(s);
    if (s === before) break;
  }
  // Elided French article left at the very end ("... chez l'") or start ("d'appeler" after a cut);
  // the "to" of a request whose other words were cut ("remind me just now to fetch the kids").
  // "c'est la réunion …" once the request is gone: what it is, is the subject.
  if (language === 'fr') s = s.replace(/^(?:de\s+|d')(?=\p{L})/iu, '').replace(/^c'est\s+(?=(?:la|le|les|l'|mon|ma|mes|un|une|notre|nos)(?![\p{L}])\s*\p{L})/iu, '');
  else s = s.replace(/^to\s+(?=\p{L})/iu, '');
  return s;
}
