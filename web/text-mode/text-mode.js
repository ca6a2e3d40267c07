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

  function setStatus(message) { statusLine.textContent = message; }
  function add(role, content) {
    var item = document.createElement('li');
    item.className = role;
    item.textContent = content;
    transcript.appendChild(item);
    item.scrollIntoView({ block: 'end' });
  }
  function send(message) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(message)); }
  function finish(message) { finished = true; form.hidden = true; setStatus(message); }

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
          transcript.textContent = '';
          event.transcript.forEach(function (entry) { add(entry.role, entry.content); });
          setStatus('');
          break;
        case 'utterance': add('assistant', event.text); break;
        case 'state':
          form.hidden = !event.awaiting_input;
          if (event.awaiting_input) text.focus();
          break;
        case 'ended': finish('The interview has ended. Thank you.'); break;
        case 'INTERVIEW_NOT_ALLOWED':
          finish(event.reason === 'session_active' ? 'This interview is already open in another window. Close it first.' : 'This interview has already ended.');
          break;
        case 'error':
          if (event.code === 'INTERVIEW_NOT_FOUND') finish('This interview link is not valid.');
          else if (event.fatal) setStatus('A problem occurred (' + event.code + ').');
          break;
      }
    };
    socket.onclose = function () {
      if (finished) return;
      form.hidden = true;
      retries += 1;
      setStatus('Connection lost. Reconnecting…');
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
    if (Date.now() - lastActivity > 5000) { lastActivity = Date.now(); send({ type: 'activity' }); }
  });
  document.getElementById('repeat').addEventListener('click', function () { send({ type: 'repeat' }); });
  document.getElementById('end').addEventListener('click', function () {
    if (confirm('End the interview now?')) send({ type: 'end' });
  });
  window.addEventListener('error', function (event) {
    send({ type: 'client_error', message: String(event.message).slice(0, 1000), fatal: false });
  });
  connect();
})();
