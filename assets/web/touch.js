// The touch board (issue [touch]): tap a piece, then a marked square (or
// drag it there); a pawn reaching the last rank asks for its piece; the
// move, written in the player's notation, waits for Confirm. The server
// embeds every legal move, so this script knows no chess.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('touch-data').textContent);
  const $ = (id) => document.getElementById(id);
  const squares = [...document.querySelectorAll('#board .sq')];
  const at = (name) => squares.find((sq) => sq.dataset.sq === name);
  const tg = window.Telegram && window.Telegram.WebApp;
  if (tg) { tg.ready(); tg.expand(); }
  let picked = null;   // the square of the piece touched
  let pending = null;  // the action waiting for Confirm
  let busy = false;

  const said = sessionStorage.getItem('touch-said');
  if (said) { $('said').textContent = said; sessionStorage.removeItem('touch-said'); }

  function clear() {
    squares.forEach((sq) => sq.classList.remove('picked', 'target'));
    picked = null;
  }
  function hide() { $('ask').hidden = true; $('promotion').hidden = true; pending = null; }
  function targets(from) { return data.moves.filter((mv) => mv.from === from); }

  function pick(name) {
    clear(); hide();
    if (!targets(name).length) return;
    picked = name;
    at(name).classList.add('picked');
    targets(name).forEach((mv) => at(mv.to).classList.add('target'));
  }
  function ask(question, text, action) {
    $('ask-text').textContent = question;
    $('move-text').textContent = text;
    $('ask').hidden = false;
    pending = action;
    $('confirm').focus();
  }
  function reach(to) {
    const moves = targets(picked).filter((mv) => mv.to === to);
    if (!moves.length) { pick(to); return; }
    const from = picked;
    const offer = (mv) => ask($('move-ask-text').textContent, mv.text,
      { action: 'move', from: from, to: to, promotion: mv.promotion });
    if (moves.length === 1) { offer(moves[0]); return; }
    $('promotion').hidden = false;
    document.querySelectorAll('#promotion .promote').forEach((button) => {
      button.onclick = () => {
        const mv = moves.find((m) => m.promotion === button.dataset.piece);
        $('promotion').hidden = true;
        if (mv) offer(mv);
      };
    });
  }
  function tap(name) {
    if (busy) return;
    if (picked && picked !== name) reach(name); else if (picked === name) { clear(); hide(); } else pick(name);
  }
  squares.forEach((sq) => {
    sq.addEventListener('click', () => tap(sq.dataset.sq));
    sq.addEventListener('dragstart', (e) => e.preventDefault());
  });
  // Dragging: a pointer pressed on a piece and let go on another square.
  let dragFrom = null;
  document.getElementById('board').addEventListener('pointerdown', (e) => {
    const sq = e.target.closest('.sq');
    dragFrom = sq && targets(sq.dataset.sq).length ? sq.dataset.sq : null;
  });
  document.getElementById('board').addEventListener('pointerup', (e) => {
    const over = document.elementFromPoint(e.clientX, e.clientY);
    const sq = over && over.closest('.sq');
    if (dragFrom && sq && sq.dataset.sq !== dragFrom) {
      pick(dragFrom); reach(sq.dataset.sq);
    }
    dragFrom = null;
  });
  document.querySelectorAll('#actions .action').forEach((button) => {
    button.addEventListener('click', () => {
      clear(); hide();
      ask(button.dataset.ask, '', { action: button.dataset.action });
    });
  });
  $('cancel').addEventListener('click', () => { clear(); hide(); });
  $('confirm').addEventListener('click', () => { if (pending) send(pending); });

  function requestId() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  }
  async function send(action) {
    busy = true;
    hide();
    $('said').textContent = data.sending;
    const body = Object.assign({
      pass: data.pass, guard: data.guard, request: requestId(),
      init_data: tg ? tg.initData : null,
    }, action);
    let answer = null;
    // The same request id on every try: a retry never plays twice.
    for (let attempt = 0; attempt < 3 && !answer; attempt++) {
      try {
        const response = await fetch(location.pathname + '/act', {
          method: 'POST', credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
        });
        answer = await response.json();
      } catch (e) {
        await new Promise((r) => setTimeout(r, 800));
      }
    }
    busy = false;
    if (!answer) { $('said').textContent = data.failed; return; }
    show(answer);
  }
  function show(answer) {
    const text = answer.replies.map((r) => r.text).join('\n\n');
    const choices = answer.replies.flatMap((r) => r.choices || []);
    $('said').textContent = text;
    document.body.dataset.answered = answer.refused ? 'refused' : 'done';
    if (choices.length) {
      const box = document.createElement('div');
      box.className = 'choices';
      choices.forEach((choice) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = choice.label;
        button.dataset.choice = choice.action;
        button.onclick = () => send({ action: choice.action });
        box.appendChild(button);
      });
      $('said').appendChild(box);
      return;
    }
    if (!answer.refused) { sessionStorage.setItem('touch-said', text); location.reload(); }
  }
  // The opponent's move (or anything else in the game) reloads the page.
  if (window.EventSource) {
    const live = new EventSource(data.live);
    live.addEventListener('change', () => { if (!picked && !pending && !busy) location.reload(); });
  }
})();
