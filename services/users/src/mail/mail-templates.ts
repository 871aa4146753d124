import type { Language } from '@app/contracts';

export interface MailText {
  subject: string;
  text: string;
}

type Vars = Record<string, string>;

const fill = (s: string, vars: Vars) => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? `{${k}}`);

/** The product's mails in the eight languages of the interface. */
const TEMPLATES: Record<'resetCode' | 'temporaryPassword' | 'salesPersonLogin', Record<Language, MailText>> = {
  resetCode: {
    en: {
      subject: 'Your verification code',
      text: 'Your verification code is {code}.\nIt is valid for {minutes} minutes and works once.\nIf you did not ask to reset your password, you can ignore this e-mail.',
    },
    dk: {
      subject: 'Din bekræftelseskode',
      text: 'Din bekræftelseskode er {code}.\nDen er gyldig i {minutes} minutter og kan bruges én gang.\nHvis du ikke har bedt om at nulstille din adgangskode, kan du se bort fra denne e-mail.',
    },
    du: {
      subject: 'Uw verificatiecode',
      text: 'Uw verificatiecode is {code}.\nDeze is {minutes} minuten geldig en werkt één keer.\nAls u niet heeft gevraagd om uw wachtwoord opnieuw in te stellen, kunt u deze e-mail negeren.',
    },
    de: {
      subject: 'Ihr Bestätigungscode',
      text: 'Ihr Bestätigungscode lautet {code}.\nEr ist {minutes} Minuten gültig und kann einmal verwendet werden.\nWenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren.',
    },
    fr: {
      subject: 'Votre code de vérification',
      text: "Votre code de vérification est {code}.\nIl est valable {minutes} minutes et ne fonctionne qu'une fois.\nSi vous n'avez pas demandé à réinitialiser votre mot de passe, ignorez cet e-mail.",
    },
    es: {
      subject: 'Su código de verificación',
      text: 'Su código de verificación es {code}.\nEs válido durante {minutes} minutos y solo funciona una vez.\nSi no ha solicitado restablecer su contraseña, puede ignorar este correo.',
    },
    hi: {
      subject: 'आपका सत्यापन कोड',
      text: 'आपका सत्यापन कोड {code} है।\nयह {minutes} मिनट तक मान्य है और केवल एक बार काम करता है।\nयदि आपने पासवर्ड रीसेट करने का अनुरोध नहीं किया है, तो इस ई-मेल को अनदेखा करें।',
    },
    jp: {
      subject: '確認コード',
      text: '確認コードは {code} です。\n有効期限は {minutes} 分で、1 回のみ使用できます。\nパスワードの再設定を依頼していない場合は、このメールを無視してください。',
    },
  },
  temporaryPassword: {
    en: {
      subject: 'Your account is ready',
      text: 'An account has been created for {name}.\nSign in at {url} with your e-mail {email} and this temporary password:\n\n{password}\n\nYou will be asked to choose your own password at the first sign-in.',
    },
    dk: {
      subject: 'Din konto er klar',
      text: 'Der er oprettet en konto til {name}.\nLog ind på {url} med din e-mail {email} og denne midlertidige adgangskode:\n\n{password}\n\nDu bliver bedt om at vælge din egen adgangskode ved første login.',
    },
    du: {
      subject: 'Uw account is klaar',
      text: 'Er is een account aangemaakt voor {name}.\nMeld u aan op {url} met uw e-mail {email} en dit tijdelijke wachtwoord:\n\n{password}\n\nBij de eerste aanmelding kiest u uw eigen wachtwoord.',
    },
    de: {
      subject: 'Ihr Konto ist bereit',
      text: 'Für {name} wurde ein Konto angelegt.\nMelden Sie sich unter {url} mit Ihrer E-Mail {email} und diesem vorläufigen Passwort an:\n\n{password}\n\nBei der ersten Anmeldung wählen Sie Ihr eigenes Passwort.',
    },
    fr: {
      subject: 'Votre compte est prêt',
      text: 'Un compte a été créé pour {name}.\nConnectez-vous sur {url} avec votre e-mail {email} et ce mot de passe temporaire :\n\n{password}\n\nVous choisirez votre propre mot de passe lors de la première connexion.',
    },
    es: {
      subject: 'Su cuenta está lista',
      text: 'Se ha creado una cuenta para {name}.\nInicie sesión en {url} con su correo {email} y esta contraseña temporal:\n\n{password}\n\nEn el primer inicio de sesión elegirá su propia contraseña.',
    },
    hi: {
      subject: 'आपका खाता तैयार है',
      text: '{name} के लिए एक खाता बनाया गया है।\n{url} पर अपने ई-मेल {email} और इस अस्थायी पासवर्ड से साइन इन करें:\n\n{password}\n\nपहली बार साइन इन करने पर आपसे अपना पासवर्ड चुनने को कहा जाएगा।',
    },
    jp: {
      subject: 'アカウントの準備ができました',
      text: '{name} のアカウントが作成されました。\n{url} でメールアドレス {email} と次の仮パスワードを使ってサインインしてください:\n\n{password}\n\n初回サインイン時にご自身のパスワードを設定していただきます。',
    },
  },
  salesPersonLogin: {
    en: {
      subject: 'Your sales person login',
      text: 'Hello {name},\n{dealership} has given you a login.\nSign in at {url} or in the mobile app with your e-mail {email} and this temporary password:\n\n{password}\n\nYou will be asked to choose your own password at the first sign-in.',
    },
    dk: {
      subject: 'Dit sælger-login',
      text: 'Hej {name},\n{dealership} har givet dig et login.\nLog ind på {url} eller i mobilappen med din e-mail {email} og denne midlertidige adgangskode:\n\n{password}\n\nDu bliver bedt om at vælge din egen adgangskode ved første login.',
    },
    du: {
      subject: 'Uw verkopers-login',
      text: 'Hallo {name},\n{dealership} heeft u een login gegeven.\nMeld u aan op {url} of in de mobiele app met uw e-mail {email} en dit tijdelijke wachtwoord:\n\n{password}\n\nBij de eerste aanmelding kiest u uw eigen wachtwoord.',
    },
    de: {
      subject: 'Ihr Verkäufer-Zugang',
      text: 'Hallo {name},\n{dealership} hat Ihnen einen Zugang eingerichtet.\nMelden Sie sich unter {url} oder in der mobilen App mit Ihrer E-Mail {email} und diesem vorläufigen Passwort an:\n\n{password}\n\nBei der ersten Anmeldung wählen Sie Ihr eigenes Passwort.',
    },
    fr: {
      subject: 'Votre accès vendeur',
      text: "Bonjour {name},\n{dealership} vous a créé un accès.\nConnectez-vous sur {url} ou dans l'application mobile avec votre e-mail {email} et ce mot de passe temporaire :\n\n{password}\n\nVous choisirez votre propre mot de passe lors de la première connexion.",
    },
    es: {
      subject: 'Su acceso de vendedor',
      text: 'Hola {name}:\n{dealership} le ha dado un acceso.\nInicie sesión en {url} o en la aplicación móvil con su correo {email} y esta contraseña temporal:\n\n{password}\n\nEn el primer inicio de sesión elegirá su propia contraseña.',
    },
    hi: {
      subject: 'आपका विक्रेता लॉगिन',
      text: 'नमस्ते {name},\n{dealership} ने आपको एक लॉगिन दिया है।\n{url} पर या मोबाइल ऐप में अपने ई-मेल {email} और इस अस्थायी पासवर्ड से साइन इन करें:\n\n{password}\n\nपहली बार साइन इन करने पर आपसे अपना पासवर्ड चुनने को कहा जाएगा।',
    },
    jp: {
      subject: '営業担当者用ログイン',
      text: '{name} 様\n{dealership} からログインが発行されました。\n{url} またはモバイルアプリで、メールアドレス {email} と次の仮パスワードを使ってサインインしてください:\n\n{password}\n\n初回サインイン時にご自身のパスワードを設定していただきます。',
    },
  },
};

export type MailKind = keyof typeof TEMPLATES;

export function renderMail(kind: MailKind, language: Language | string, vars: Vars): MailText {
  const t = TEMPLATES[kind][(language as Language) in TEMPLATES[kind] ? (language as Language) : 'en'];
  return { subject: fill(t.subject, vars), text: fill(t.text, vars) };
}
