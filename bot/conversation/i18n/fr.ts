import type { CatalogKey } from './en';

/** Catalogue français du bot. Titres de boutons ≤ 20 caractères (WhatsApp). */
export const fr: Record<CatalogKey, string> = {
  'button.confirm': 'Confirmer',
  'button.change': 'Modifier',
  'button.cancel': 'Annuler',
  'button.snooze10m': 'Dans 10 min',
  'button.snooze1h': 'Dans 1 heure',
  'button.snoozeTomorrow': 'Demain',
  'button.done': 'Fait ✅',
  'button.play': 'Écouter',

  'confirm.ask': '📅 {subject} — {when} ({zone}). Je confirme ?',
  'confirm.done': "✅ C'est noté ! Je vous le rappellerai {when} ({zone}).",
  'confirm.nothing': "Il n'y a rien à confirmer pour l'instant. Dites-moi de quoi et quand vous le rappeler.",
  'draft.cancelled': "D'accord, j'abandonne ce rappel.",
  'draft.askWhen': 'Quand dois-je vous rappeler de {subject} ? (par ex. « demain à 9h », « dans 2 heures »)',
  'draft.askWhenAgain': "Je n'ai pas compris de date ni d'heure. Quand dois-je vous le rappeler ? (par ex. « lundi 18h »)",
  'draft.askChange': 'Que faut-il changer ? Envoyez la nouvelle date et heure, ou tout le rappel à nouveau.',
  'draft.askSubject': 'De quoi dois-je vous rappeler {when} ?',
  'draft.past': 'Cette heure est déjà passée. Quand dois-je vous le rappeler ?',
  'draft.invalid': "Je n'ai pas pu enregistrer ce rappel : {reason}",

  'quota.exceeded': '{message}\nPasser à Premium : {url}',

  'list.empty': "Vous n'avez aucun rappel à venir. Envoyez-moi une note vocale ou un message comme « appeler maman demain à 18h ».",
  'list.header': 'Vos prochains rappels :',
  'list.item': '{n}. {subject} — {when}',
  'list.footer': 'Répondez « annule 2 » pour en annuler un, ou « décale le 2 à 18h » pour le déplacer.',

  'cancel.which': 'Quel rappel dois-je annuler ? Envoyez « liste » pour les voir, puis « annule 2 ».',
  'cancel.done': '🗑️ Annulé : {subject} ({when}).',
  'cancel.unknown': 'Je ne trouve pas le rappel numéro {n}. Envoyez « liste » pour voir vos rappels.',
  'reschedule.which': 'Quel rappel dois-je déplacer ? Envoyez « liste », puis par ex. « décale le 2 à 18h ».',
  'reschedule.when': 'À quand dois-je le décaler ? (par ex. « décale-le à 18h »)',
  'reschedule.done': '🔁 Décalé : {subject} — {when} ({zone}).',
  'reminder.notPending': "Ce rappel n'est plus en attente, il ne peut plus être modifié.",
  'reminder.busy': "Ce rappel est en cours d'envoi ; réessayez dans une minute.",

  'snooze.done': '⏰ Reporté : je vous le rappellerai {when} ({zone}).',
  'snooze.which': "Il n'y a pas de rappel envoyé à reporter.",
  'done.ack': '👍 Parfait, c’est fait.',

  'optout.done': "C'est noté : vous ne recevrez plus nos annonces. Vos rappels continuent d'arriver normalement. Envoyez START pour recevoir à nouveau nos annonces.",
  'optin.done': "C'est noté : vous recevrez de nouveau nos annonces. Envoyez STOP ou ARRÊT à tout moment pour les arrêter.",
  'lang.set': 'Je vous parlerai désormais en français.',
  'lang.ask': 'Quelle langue ? Envoyez « /lang fr » pour le français ou « /lang en » pour l’anglais.',

  'tz.set': '🌍 Votre fuseau horaire est maintenant {zone} (il y est {time}).',
  'tz.unknown': 'Je ne connais pas le fuseau « {input} ». Envoyez une ville (par ex. « fuseau Montréal ») ou un nom IANA (par ex. « America/Toronto »).',
  'tz.ask': 'Dans quel fuseau horaire êtes-vous ? Envoyez une ville ou un nom IANA, par ex. « fuseau Paris ».',
  'tz.choose': 'Votre numéro vient d’un pays à plusieurs fuseaux horaires. Lequel est le vôtre ?',
  'tz.current': 'Votre fuseau horaire est {zone} (il y est {time}). Pour le changer, envoyez par ex. « fuseau Montréal ».',

  'help': 'Je transforme vos notes vocales et messages en rappels, que je vous renvoie en note vocale.\n• Dites ou écrivez par ex. « appeler le dentiste lundi à 9h30 »\n• « liste » — vos prochains rappels\n• « annule 2 » — en annuler un\n• « décale le 2 à 18h » — en déplacer un\n• « langue en » — speak English\n• « fuseau Montréal » — changer de fuseau horaire',
  'unrecognised': "Désolé, je n'ai pas compris. Dites-moi de quoi et quand vous le rappeler, par ex. « appeler maman demain à 18h », ou envoyez « aide ».",

  'welcome.whatsapp': '👋 Bienvenue sur Rappel ! Envoyez-moi une note vocale ou un message comme « appeler maman demain à 18h » et je vous le rappellerai par note vocale. Votre compte est prêt — choisissez un mot de passe pour le site : {url}',
  'welcome.telegram': '👋 Bienvenue sur Rappel ! Envoyez-moi une note vocale ou un message comme « appeler maman demain à 18h » et je vous le rappellerai par note vocale. Vous avez déjà un compte ? Reliez-le depuis le site ({url}) ou partagez-moi votre contact.',
  'welcome.link': '👋 Bonjour de la part de Rappel ! Envoyez-moi ici une note vocale ou un message, par ex. « appeler maman demain à 18h », et je vous le rappellerai par note vocale. Votre compte : {url}',
  'link.done': '🔗 Cette conversation est maintenant reliée à votre compte Rappel ({name}).',
  'link.invalid': 'Ce lien est invalide ou a expiré. Générez-en un nouveau depuis le site.',
  'contact.linked': '🔗 Merci ! Cette conversation est maintenant reliée au compte du {phone}.',
  'contact.saved': '📱 Merci, votre numéro {phone} est enregistré.',

  'voice.notConfigured': "Les notes vocales ne sont pas encore configurées sur ce serveur. Écrivez plutôt votre rappel, par ex. « appeler maman demain à 18h ».",
  'voice.unreadable': "Désolé, je n'ai pas pu écouter cette note vocale. Pouvez-vous la renvoyer, ou écrire votre rappel ?",
  'voice.empty': "Je n'ai rien entendu dans cette note vocale. Pouvez-vous réessayer ?",
  'voice.failed': "Désolé, je n'ai pas pu traiter cette note vocale pour le moment. Réessayez dans un instant, ou écrivez votre rappel.",

  'reminder.voice': 'Rappel : {text}',
  'reminder.caption': '⏰ Rappel : {text}',
  'reminder.gone': "Ce rappel n'existe plus.",
};
