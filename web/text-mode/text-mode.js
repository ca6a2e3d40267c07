// Minimal text-mode candidate page: speaks protocol v1 (docs/realtime-protocol.md)
// over one WebSocket, shows the conversation, and resumes after a dropped connection.
(function () {
  'use strict';
  var iid = new URLSearchParams(location.search).get('iid') || '';
  var transcript = document.getElementById('transcript');
  var statusLine = document.getElementById('status');
  var form = document.getElementById('answer');
  var text = document.getElementById('text');
  var socket = null;
  var finished = false;
  var retries = 0;

  // The page's own words in the interview's language (the interviewer's come from the server).
  var WORDS = {
    en: {
      title: 'Interview',
      answer: 'Your answer',
      send: 'Send',
      repeat: 'Repeat the question',
      end: 'End the interview',
      confirmEnd: 'End the interview now?',
      ended: 'The interview has ended. Thank you.',
      elsewhere: 'This interview is already open in another window. Close it first.',
      over: 'This interview has already ended.',
      invalid: 'This interview link is not valid.',
      problem: 'A problem occurred',
      reconnecting: 'Connection lost. Reconnecting…',
    },
    de: {
      title: 'Interview',
      answer: 'Ihre Antwort',
      send: 'Senden',
      repeat: 'Frage wiederholen',
      end: 'Interview beenden',
      confirmEnd: 'Das Interview jetzt beenden?',
      ended: 'Das Interview ist beendet. Vielen Dank.',
      elsewhere: 'Dieses Interview ist bereits in einem anderen Fenster geöffnet. Bitte schließen Sie es zuerst.',
      over: 'Dieses Interview ist bereits beendet.',
      invalid: 'Dieser Interview-Link ist ungültig.',
      problem: 'Ein Problem ist aufgetreten',
      reconnecting: 'Verbindung unterbrochen. Neue Verbindung wird aufgebaut…',
    },
    hi: {
      title: 'साक्षात्कार',
      answer: 'आपका उत्तर',
      send: 'भेजें',
      repeat: 'प्रश्न दोहराएँ',
      end: 'साक्षात्कार समाप्त करें',
      confirmEnd: 'क्या आप साक्षात्कार अभी समाप्त करना चाहते हैं?',
      ended: 'साक्षात्कार समाप्त हो गया है। धन्यवाद।',
      elsewhere: 'यह साक्षात्कार पहले से किसी दूसरी विंडो में खुला है। कृपया पहले उसे बंद करें।',
      over: 'यह साक्षात्कार पहले ही समाप्त हो चुका है।',
      invalid: 'यह साक्षात्कार लिंक मान्य नहीं है।',
      problem: 'एक समस्या आई',
      reconnecting: 'कनेक्शन टूट गया। दोबारा जोड़ा जा रहा है…',
    },
    fr: {
      title: 'Entretien',
      answer: 'Votre réponse',
      send: 'Envoyer',
      repeat: 'Répéter la question',
      end: "Terminer l'entretien",
      confirmEnd: "Terminer l'entretien maintenant ?",
      ended: "L'entretien est terminé. Merci.",
      elsewhere: 'Cet entretien est déjà ouvert dans une autre fenêtre. Fermez-la d’abord.',
      over: 'Cet entretien est déjà terminé.',
      invalid: "Ce lien d'entretien n'est pas valide.",
      problem: 'Un problème est survenu',
      reconnecting: 'Connexion perdue. Reconnexion…',
    },
    es: {
      title: 'Entrevista',
      answer: 'Su respuesta',
      send: 'Enviar',
      repeat: 'Repetir la pregunta',
      end: 'Terminar la entrevista',
      confirmEnd: '¿Terminar la entrevista ahora?',
      ended: 'La entrevista ha terminado. Gracias.',
      elsewhere: 'Esta entrevista ya está abierta en otra ventana. Ciérrela primero.',
      over: 'Esta entrevista ya ha terminado.',
      invalid: 'Este enlace de entrevista no es válido.',
      problem: 'Se produjo un problema',
      reconnecting: 'Conexión perdida. Reconectando…',
    },
    da: {
      title: 'Samtale',
      answer: 'Dit svar',
      send: 'Send',
      repeat: 'Gentag spørgsmålet',
      end: 'Afslut samtalen',
      confirmEnd: 'Vil du afslutte samtalen nu?',
      ended: 'Samtalen er slut. Tak.',
      elsewhere: 'Samtalen er allerede åben i et andet vindue. Luk det først.',
      over: 'Samtalen er allerede afsluttet.',
      invalid: 'Linket til samtalen er ikke gyldigt.',
      problem: 'Der opstod et problem',
      reconnecting: 'Forbindelsen blev afbrudt. Forbinder igen…',
    },
    sv: {
      title: 'Intervju',
      answer: 'Ditt svar',
      send: 'Skicka',
      repeat: 'Upprepa frågan',
      end: 'Avsluta intervjun',
      confirmEnd: 'Vill du avsluta intervjun nu?',
      ended: 'Intervjun är slut. Tack.',
      elsewhere: 'Intervjun är redan öppen i ett annat fönster. Stäng det först.',
      over: 'Intervjun är redan avslutad.',
      invalid: 'Länken till intervjun är inte giltig.',
      problem: 'Ett problem uppstod',
      reconnecting: 'Anslutningen bröts. Ansluter igen…',
    },
    ar: {
      title: 'مقابلة',
      answer: 'إجابتك',
      send: 'إرسال',
      repeat: 'كرّر السؤال',
      end: 'إنهاء المقابلة',
      confirmEnd: 'هل تريد إنهاء المقابلة الآن؟',
      ended: 'انتهت المقابلة. شكرًا لك.',
      elsewhere: 'هذه المقابلة مفتوحة بالفعل في نافذة أخرى. يُرجى إغلاقها أولًا.',
      over: 'انتهت هذه المقابلة بالفعل.',
      invalid: 'رابط المقابلة هذا غير صالح.',
      problem: 'حدثت مشكلة',
      reconnecting: 'انقطع الاتصال. جارٍ إعادة الاتصال…',
    },
  };
  // Swiss Standard German writes ss for ß.
  WORDS['de-CH'] = Object.assign({}, WORDS.de, {
    elsewhere: 'Dieses Interview ist bereits in einem anderen Fenster geöffnet. Bitte schliessen Sie es zuerst.',
  });
  var words = WORDS.en;
  function localise(tag) {
    words = WORDS[tag] || WORDS[String(tag).split('-')[0]] || WORDS.en;
    document.title = words.title;
    document.querySelector('h1').textContent = words.title;
    document.querySelector('label[for="text"]').textContent = words.answer;
    document.querySelector('#answer button[type="submit"]').textContent = words.send;
    document.getElementById('repeat').textContent = words.repeat;
    document.getElementById('end').textContent = words.end;
  }

  function setStatus(message) {
    statusLine.textContent = message;
  }
  function add(role, content) {
    var item = document.createElement('li');
    item.className = role;
    item.textContent = content;
    transcript.appendChild(item);
    item.scrollIntoView({ block: 'end' });
  }
  function send(message) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
  }
  function finish(message) {
    finished = true;
    form.hidden = true;
    setStatus(message);
  }

  function connect() {
    var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    socket = new WebSocket(scheme + location.host + '/candidate/interviews/' + encodeURIComponent(iid) + '/session?v=1');
    socket.onmessage = function (frame) {
      var event = JSON.parse(frame.data);
      switch (event.type) {
        case 'session':
          retries = 0;
          document.documentElement.lang = event.language_tag;
          document.documentElement.dir = event.direction;
          localise(event.language_tag);
          transcript.textContent = '';
          event.transcript.forEach(function (entry) {
            add(entry.role, entry.content);
          });
          setStatus('');
          break;
        case 'utterance':
          add('assistant', event.text);
          break;
        case 'state':
          form.hidden = !event.awaiting_input;
          if (event.awaiting_input) text.focus();
          break;
        case 'ended':
          finish(words.ended);
          break;
        case 'INTERVIEW_NOT_ALLOWED':
          finish(event.reason === 'session_active' ? words.elsewhere : words.over);
          break;
        case 'error':
          if (event.code === 'INTERVIEW_NOT_FOUND') finish(words.invalid);
          else if (event.fatal) setStatus(words.problem + ' (' + event.code + ').');
          break;
      }
    };
    socket.onclose = function () {
      if (finished) return;
      form.hidden = true;
      retries += 1;
      setStatus(words.reconnecting);
      setTimeout(connect, Math.min(10000, 500 * Math.pow(2, retries)));
    };
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var answer = text.value.trim();
    if (!answer) return;
    add('user', answer);
    send({ type: 'answer', text: answer });
    text.value = '';
    form.hidden = true;
  });
  var lastActivity = 0;
  text.addEventListener('input', function () {
    if (Date.now() - lastActivity > 5000) {
      lastActivity = Date.now();
      send({ type: 'activity' });
    }
  });
  document.getElementById('repeat').addEventListener('click', function () {
    send({ type: 'repeat' });
  });
  document.getElementById('end').addEventListener('click', function () {
    if (confirm(words.confirmEnd)) send({ type: 'end' });
  });
  window.addEventListener('error', function (event) {
    send({ type: 'client_error', message: String(event.message).slice(0, 1000), fatal: false });
  });
  connect();
})();
