// i18n.js — the browser's UI strings in English, Italian, Portuguese and German (t(key, params)),
// and the game's words from the room's catalogue (word(section, code), cardName, handName).

const S = {
  en: {
    advanced_rules: 'House rules (optional)', house_rules: 'House rules', rule_default: 'Default', rule_small_blind: 'House small blind', rule_min_raise: 'Minimum raise', rule_odd_chips: 'Odd chips', rule_allow_check: 'Checks before the opening', rule_tie_break: 'Tie-break', rule_centre_cards: 'Centre cards', rule_hand_rule: 'Hand', rv_table_minimum: 'the table minimum', rv_largest_increment: 'the largest raise so far', rv_one_each_from_left_of_button: 'to the winners, left of the button', rv_stay_in_pot: 'stay in the pot', rv_true: 'allowed', rv_false: 'not allowed', rv_german: 'German', rv_standard: 'standard', rv_two_plus_three: 'exactly 2 own + 3 centre', rv_any_five: 'any five of the seven',
    app_name: 'Tavolo', lobby: 'Lobby', history: 'History', settings: 'Settings', sign_out: 'Sign out',
    sign_in: 'Sign in', register: 'Register', guest: 'Play as guest', name: 'Name', password: 'Password',
    welcome: 'An open-source card room: Saint Poker, Texas Hold\'em and Five-Card Draw.',
    name_rules: '2–24 letters, digits, _ or -', password_rules: 'at least 8 characters',
    balance: 'Balance', connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting…',
    offline: 'Offline', tables: 'Tables', game: 'Game', all: 'All', stakes: 'Stakes', seats: 'Seats',
    players: 'Players', waiting: 'Waiting', state: 'State', clock: 'Clock', bots: 'Bots',
    join: 'Join', waitlist: 'Waiting list', watch: 'Watch', open: 'Open', no_tables: 'No tables yet. Create one!',
    create_table: 'Create a table', create: 'Create', table_name: 'Table name', structure: 'Structure',
    small_blind: 'Small blind', big_blind: 'Big blind', buy_in: 'Buy-in', rebuy: 'Rebuy', ante: 'Ante',
    stake: 'Stake', clock_secs: 'Seconds per decision', time_bank_secs: 'Time bank (s)', bot_level: 'Bot level',
    nl: 'No-Limit', pl: 'Pot-Limit', fl: 'Limit', limit: 'Limit', holdem: "Texas Hold'em", draw: 'Five-Card Draw', saint: 'Saint Poker',
    playing: 'playing', waiting_state: 'waiting', seated: 'seated', full: 'full',
        half_pot: '½ pot', three_q_pot: '¾ pot', pot: 'Pot', min_raise: 'Min', amount: 'Amount',
    leave: 'Leave', sit_out: 'Sit out', sit_in: 'Sit in', back_to_lobby: 'Lobby', unwatch: 'Stop watching',
    your_turn: 'Your turn', waiting_for: 'Waiting for {name}', spectating: 'You are watching',
    sitting_out: 'sitting out', empty_seat: 'empty', button: 'Dealer button',
    main_pot: 'Main pot', side_pot: 'Side pot {n}', pots: 'Pots', total_pot: 'Pot',
    wins: '{names} wins {amount}', win_with: 'with {hand}', result: 'Result',     time_left: '{s} s left', time_bank: 'time bank',         discard_n: 'Discard {n}', choose_discards: 'Choose up to {n} cards to discard',
        exchanged: 'drew {n}',
    round: 'Round {n}',     your_hand: 'Your hand', centre: 'Centre', preview: 'Next centre',
    pool: 'Pool', draft_order: 'Draft order', to_pick: '{name} picks', you_pick: 'Your pick: choose a card from the pool',
    place_hint: 'Click a card (or press its number) to place it in the centre. You may change it until everyone has chosen.',
    show_hint: 'Choose two cards; the best hand they make with three centre cards is shown live.',
    show_these: 'Show these two', chosen: 'Chosen — waiting for the others', best_hand: 'Best hand',
    scoreboard: 'Scoreboard', points: 'Points', total: 'Total', final_ranking: 'Final ranking', place_n: '{n}.',
    winners: 'Winners', cards_in_hand: '{n} cards', draw_pile: 'Draw pile', game_over_win: '{names} won the game',
    placed_cards: 'Placed', shown_cards: 'Shown',
    my_history: 'My history', no_history: 'No hands or games yet.', voided_h: 'Voided hands', voided_note: 'The room cannot choose the cards, but it can void a hand: how often that happened to you, and why.', voided_at: '{table}: {voided} of {hands} voided', voided_with: 'With {name}: {voided} of {hands} voided', voided_reason_unknown: 'reason not recorded', finished: 'Finished', table: 'Table',
    replay: 'Replay', fairness: 'Fairness', verify: 'Verify fairness', commitment: 'Commitment', seed: 'Seed',
    fair_ok: 'Verified: SHA-256 of the seed equals the commitment.', fair_ok2: 'Verified: SHA-256 of the room\'s part equals the commitment, every player\'s reveal extends their chain, and the parts mix to the seed.', fair_parts: 'Parts', fair_bad: 'Mismatch: the seed does not hash to the commitment!',
    fair_pending: 'The seed is revealed once the hand or game is over.', step: 'Step {i} of {n}',
    first: 'First', prev: 'Previous', next: 'Next', last: 'Last', loading: 'Loading…', error: 'Error',
    language: 'Language', four_colour: 'Four-colour deck', sounds: 'Sounds', saved: 'Saved',
    settings_hint: 'Settings are stored in this browser.', shortcuts: 'Shortcuts: f fold, c check/call, r raise, digits and arrows choose cards',
    seat_n: 'Seat {n}', you: 'you', bot: 'bot', stack: 'Stack', chips: 'chips',     change_seat: 'Change seat', seat_change_pending: 'Seat change asked (#{n})', min_players: 'Players needed to deal', needs_players: 'deals with {n}', signed_out: 'Signed out', joined_seat: 'Seated at seat {n}', on_waitlist: 'On the waiting list: position {n}', table_closed: 'The table was closed', over_guest_cap: '{n} chips went back to the house: a guest holds only so many chips, and what it wins beyond that goes back. Sign up to keep what you win from now on.',
    err_generic: 'Something went wrong', confirm: 'OK', cancel: 'Cancel', log: 'Hand log', hand_id: 'Hand {id}',
    previous_hand: 'Previous hand', verify_prev: 'Check previous seed', dealer: 'Dealer', cutter: 'Cutter',
    new_game_waiting: 'Waiting for players…', friendly: 'friendly', started: 'Game starts when every seat is taken',
    skip_to_main: 'Skip to main content', board: 'Board', hole: 'Hole cards', hidden_card: 'face-down card',
    of: 'of', bet_amount: 'Bet amount', raise_range: 'from {min} to {max}', points_short: 'pts',
    e_posts: '{who} posts {amount}', e_fold: '{who} folds', e_check: '{who} checks', e_call: '{who} calls {amount}',
    e_raise: '{who} raises to {amount}', e_bet: '{who} bets {amount}', e_allin: '(all-in)', e_shows: '{who} shows {cards}',
    e_wins: '{who} wins {amount}', e_board: 'Board: {cards}', e_exchange: '{who} draws {n}', e_place: '{who} places {cards}',
    e_pick: '{who} picks {cards}', e_mucks: '{who} mucks', e_round: 'Round {n}', e_returned: '{amount} returned to {who}',
    play_again: 'Play again', game_results: 'Results', stakes_won: 'Stakes won', waiting_next_game: 'You are in the next game — waiting for the others', needs_n_players: 'Waiting for players: {k} of {n} needed', add_bot: 'Add a bot', seated_from_list: 'A seat is yours at {table}', go_to_table: 'Go to the table', leave_list: 'Leave the list', waitlist_pos: 'Waiting list #{n}', chat: 'Chat', chat_say: 'Say something…', chat_send: 'Send', mute: 'Mute {name}', unmute: 'Unmute {name}', chat_spectators_off: 'Only players chat at this table', spectator_chat: 'Spectators may chat', dismiss: 'Dismiss',
    // table layout, table menu, leave confirmation, action clock (issue 17)
    table_menu: 'Table', actions_label: 'Your actions', table_side: 'Result, scoreboard and hand log', cancel_seat_change: 'Cancel seat change',
    leave_confirm_title: 'Leave the table?', leave_confirm_stay: 'Stay', leave_confirm_go: 'Leave',
    leave_confirm_hand: 'You are in a hand: from now on it is checked or folded for you, and you leave with your stack when it ends.',
    leave_confirm_saint: 'The game is in progress: leaving gives up your stake of {stake}.', leave_confirm_saint_free: 'The game is in progress: leaving gives it up.',
    time_running_out: 'Your time is running out',
    // history and replayer: names, actions in words, unshown cards hidden (issue 17)
    game_id: 'Game {id}', player_n: 'Player {n}', rp_start: 'The hand begins', rp_hole_dealt: 'The hole cards are dealt', rp_dealt: 'The cards are dealt', rp_antes: 'Antes of {amount}', rp_other: '{who} acts',
    reveal_deal: 'Reveal the whole deal from the seed', hide_deal: 'Hide the cards nobody showed', rp_unshown: 'not shown at the table', rp_story: 'The story so far',
    reveal_hint: 'The replay shows your cards and those shown at the table. The seed deals every card, folded and mucked ones too: once it matches the commitment you may reveal them all.',
    // sitting out and the seat it costs (issue 49)
    you_sit_out: "You are sitting out",
    seat_goes_after_n: "you will lose your seat after {n} more hands",
    seat_goes_after_1: "you will lose your seat after 1 more hand",
    seat_goes_next_deal: "you will lose your seat at the next deal",
    seat_lost_missed: "You lost your seat: you sat out three hands in a row (the rules allow two). Your chips are back in your balance.",
    sit_down_again: "Sit down again",
    // pre-action buttons (issue 49)
    pre_actions: "Act in advance",
    pre_hint: "In advance:",
    pre_check_fold: "Check/Fold",
    pre_fold_any: "Fold to any bet",
    pre_call_any: "Call any",
    // notices in words: error codes, bots added (issue 49)
    bot_added: "A bot sat down at seat {n}",
    ec_malformed: "The room did not understand that",
    ec_too_large: "That message is too long",
    ec_unsupported_version: "This page is out of date: reload it",
    ec_rate_limited: "Too fast — wait a moment and try again",
    ec_unauthenticated: "Please sign in again",
    ec_no_such_table: "That table is gone",
    ec_not_seated: "You are not seated at this table",
    ec_already_seated: "You are already at this table",
    ec_table_full: "The table is full",
    ec_insufficient_chips: "Not enough chips in your balance",
    ec_stale_hand: "That hand is already over",
    ec_not_your_turn: "It is not your turn",
    ec_illegal_action: "Not allowed now",
    ec_invalid_options: "Check the table's settings",
    ec_not_allowed: "Not allowed",
    ec_bad_reveal: "Your part of the deal was refused",
    ec_unavailable: "The room is busy: try again in a moment",
    ec_elsewhere: "The table moved: reconnecting",
    ec_internal: "Something went wrong in the room",
    // split pots (issue 49)
    split_pot: "split",
    // the create-table form in words (issue 49)
    min_players_rule: "As the game's rules say",
    named_bots: "Particular bots",
    lv_beginner: "Beginner",
    lv_regular: "Regular",
    lv_strong: "Strong",
    lv_random: "Random (plays any legal move)",
    lv_station: "Calling station (calls everything)",
    lv_rules: "By the book (simple rules)",
    lv_expert: "Expert",
    lv_cfr: "Game-theory (CFR)",
    lv_exploit: "Exploiter (reads your play)",
    lv_greedy: "Greedy",
    lv_master: "Master",
    // touch hints and fold confirmations (issue 49)
    place_hint_touch: "Tap a card to place it in the centre. You may change it until everyone has chosen.",
    fold_confirm: "Fold? Checking is free — tap again to fold",
    fold_confirm_any: "Fold now? Tap again to fold",
    // lobby and table words (issue 49, finding 10)
    bots_wait_for_you: "bots waiting for you",
    limit_cap: "cap: {n} bets a round",
    limit_cap_hu: "cap: {n} bets a round (none heads-up)",
    // history and replayer (issue 49, finding 9)
    download_record: "Download the hand history",
    export_hands: "Download the Hold'em hands, as you saw them:",
    export_hand: "This hand as you saw it:",
    export_pokerstars: "PokerStars text",
    export_phh: "PHH",
    fair_details: "The commitment, the seed and its parts",
    transcript: "Transcript",
    fair_seen: "The record is the hand this browser saw end: it hashes to the transcript the table sent then.",
    fair_unseen: "The record hashes to the hand's transcript; this browser did not see the hand end, so it cannot compare it with the one the table sent.",
    fair_unbound: "An older hand: its check binds the seed only, not its actions and result.",
    fair_bad_transcript: "Mismatch: the record does not hash to the hand's transcript!",
    fair_bad_seen: "Mismatch: this browser saw the hand end with another transcript — this record is not the hand played!",
    autoplay: "Play",
    pause: "Pause",
  },
  it: {
    advanced_rules: 'Regole della casa (facoltative)', house_rules: 'Regole della casa', rule_default: 'Predefinito', rule_small_blind: 'Small blind della casa', rule_min_raise: 'Rilancio minimo', rule_odd_chips: 'Fiches indivisibili', rule_allow_check: 'Check prima dell\'apertura', rule_tie_break: 'Spareggio', rule_centre_cards: 'Carte al centro', rule_hand_rule: 'Mano', rv_table_minimum: 'il minimo del tavolo', rv_largest_increment: 'il rilancio più alto finora', rv_one_each_from_left_of_button: 'ai vincitori, a sinistra del bottone', rv_stay_in_pot: 'restano nel piatto', rv_true: 'ammesso', rv_false: 'non ammesso', rv_german: 'tedesco', rv_standard: 'standard', rv_two_plus_three: 'esattamente 2 proprie + 3 al centro', rv_any_five: 'cinque qualsiasi delle sette',
    app_name: 'Tavolo', lobby: 'Sala', history: 'Storico', settings: 'Impostazioni', sign_out: 'Esci',
    sign_in: 'Accedi', register: 'Registrati', guest: 'Gioca come ospite', name: 'Nome', password: 'Password',
    welcome: 'Una sala da gioco open source: Saint Poker, Texas Hold\'em e Poker a 5 carte coperte.',
    name_rules: '2–24 lettere, cifre, _ o -', password_rules: 'almeno 8 caratteri',
    balance: 'Saldo', connecting: 'Connessione…', connected: 'Connesso', reconnecting: 'Riconnessione…',
    offline: 'Non in linea', tables: 'Tavoli', game: 'Gioco', all: 'Tutti', stakes: 'Puntate', seats: 'Posti',
    players: 'Giocatori', waiting: 'In attesa', state: 'Stato', clock: 'Tempo', bots: 'Bot',
    join: 'Siediti', waitlist: 'Lista d\'attesa', watch: 'Guarda', open: 'Apri', no_tables: 'Nessun tavolo. Creane uno!',
    create_table: 'Crea un tavolo', create: 'Crea', table_name: 'Nome del tavolo', structure: 'Struttura',
    small_blind: 'Small blind', big_blind: 'Big blind', buy_in: 'Buy-in', rebuy: 'Ricarica', ante: 'Invito',
    stake: 'Posta', clock_secs: 'Secondi per decisione', time_bank_secs: 'Riserva di tempo (s)', bot_level: 'Livello bot',
    nl: 'No-Limit', pl: 'Pot-Limit', fl: 'Limit', limit: 'Limit', holdem: "Texas Hold'em", draw: 'Poker classico', saint: 'Saint Poker',
    playing: 'in gioco', waiting_state: 'in attesa', seated: 'seduti', full: 'pieno',
        half_pot: '½ piatto', three_q_pot: '¾ piatto', pot: 'Piatto', min_raise: 'Min', amount: 'Importo',
    leave: 'Lascia', sit_out: 'Pausa', sit_in: 'Rientra', back_to_lobby: 'Sala', unwatch: 'Smetti di guardare',
    your_turn: 'Tocca a te', waiting_for: 'In attesa di {name}', spectating: 'Stai guardando',
    sitting_out: 'in pausa', empty_seat: 'libero', button: 'Mazziere',
    main_pot: 'Piatto principale', side_pot: 'Piatto laterale {n}', pots: 'Piatti', total_pot: 'Piatto',
    wins: '{names} vince {amount}', win_with: 'con {hand}', result: 'Risultato',     time_left: '{s} s rimasti', time_bank: 'riserva',         discard_n: 'Cambia {n}', choose_discards: 'Scegli fino a {n} carte da cambiare',
        exchanged: 'ha cambiato {n}',
    round: 'Turno {n}',     your_hand: 'La tua mano', centre: 'Centro', preview: 'Prossimo centro',
    pool: 'Carte in palio', draft_order: 'Ordine di scelta', to_pick: 'Sceglie {name}', you_pick: 'Tocca a te: prendi una carta',
    place_hint: 'Clicca una carta (o premi il suo numero) per metterla al centro. Puoi cambiarla finché tutti non hanno scelto.',
    show_hint: 'Scegli due carte; la migliore mano con tre carte del centro appare subito.',
    show_these: 'Mostra queste due', chosen: 'Scelto — in attesa degli altri', best_hand: 'Mano migliore',
    scoreboard: 'Punteggi', points: 'Punti', total: 'Totale', final_ranking: 'Classifica finale', place_n: '{n}º',
    winners: 'Vincitori', cards_in_hand: '{n} carte', draw_pile: 'Mazzo', game_over_win: '{names} ha vinto la partita',
    placed_cards: 'Messe', shown_cards: 'Mostrate',
    my_history: 'Il mio storico', no_history: 'Ancora nessuna mano o partita.', voided_h: 'Mani annullate', voided_note: 'La sala non può scegliere le carte, ma può annullare una mano: quante volte ti è successo, e perché.', voided_at: '{table}: {voided} su {hands} annullate', voided_with: 'Con {name}: {voided} su {hands} annullate', voided_reason_unknown: 'motivo non registrato', finished: 'Finita', table: 'Tavolo',
    replay: 'Rivedi', fairness: 'Equità', verify: 'Verifica equità', commitment: 'Hash di garanzia', seed: 'Seed casuale',
    fair_ok: 'Verificato: lo SHA-256 del seme coincide con l\'impegno.', fair_ok2: 'Verificato: lo SHA-256 della parte della sala coincide con l\'impegno, ogni rivelazione dei giocatori prolunga la sua catena e le parti danno il seme.', fair_parts: 'Parti', fair_bad: 'Discrepanza: il seme non corrisponde all\'impegno!',
    fair_pending: 'Il seme viene rivelato a fine mano o partita.', step: 'Passo {i} di {n}',
    first: 'Inizio', prev: 'Indietro', next: 'Avanti', last: 'Fine', loading: 'Caricamento…', error: 'Errore',
    language: 'Lingua', four_colour: 'Mazzo a quattro colori', sounds: 'Suoni', saved: 'Salvato',
    settings_hint: 'Le impostazioni restano in questo browser.', shortcuts: 'Scorciatoie: f passa, c check/vedi, r rilancia, cifre e frecce scelgono le carte',
    seat_n: 'Posto {n}', you: 'tu', bot: 'bot', stack: 'Fiches', chips: 'fiches',     change_seat: 'Cambia posto', seat_change_pending: 'Cambio di posto chiesto (n. {n})', min_players: 'Giocatori per iniziare a distribuire', needs_players: 'si gioca in {n}', signed_out: 'Disconnesso', joined_seat: 'Seduto al posto {n}', on_waitlist: 'In lista d\'attesa: posizione {n}', table_closed: 'Il tavolo è stato chiuso', over_guest_cap: '{n} fiches sono tornate al banco: un ospite può tenere solo un certo numero di fiches, e ciò che vince oltre torna indietro. Registrati per tenere ciò che vinci d\'ora in poi.',
    err_generic: 'Qualcosa è andato storto', confirm: 'OK', cancel: 'Annulla', log: 'Cronaca', hand_id: 'Mano {id}',
    previous_hand: 'Mano precedente', verify_prev: 'Verifica il seme precedente', dealer: 'Mazziere', cutter: 'Taglio',
    new_game_waiting: 'In attesa di giocatori…', friendly: 'amichevole', started: 'La partita inizia quando tutti i posti sono occupati',
    skip_to_main: 'Vai al contenuto', board: 'Carte comuni', hole: 'Carte coperte', hidden_card: 'carta coperta',
    of: 'di', bet_amount: 'Importo della puntata', raise_range: 'da {min} a {max}', points_short: 'pt',
    e_posts: '{who} mette {amount}', e_fold: '{who} passa', e_check: '{who} fa check', e_call: '{who} vede {amount}',
    e_raise: '{who} rilancia a {amount}', e_bet: '{who} punta {amount}', e_allin: '(all-in)', e_shows: '{who} mostra {cards}',
    e_wins: '{who} vince {amount}', e_board: 'Carte comuni: {cards}', e_exchange: '{who} cambia {n}', e_place: '{who} mette {cards}',
    e_pick: '{who} prende {cards}', e_mucks: '{who} non mostra', e_round: 'Turno {n}', e_returned: '{amount} restituiti a {who}',
    play_again: 'Gioca ancora', game_results: 'Risultati', stakes_won: 'Posta vinta', waiting_next_game: 'Sei nella prossima partita — in attesa degli altri', needs_n_players: 'In attesa di giocatori: {k} su {n}', add_bot: 'Aggiungi un bot', seated_from_list: 'Hai un posto a {table}', go_to_table: 'Vai al tavolo', leave_list: 'Esci dalla lista', waitlist_pos: 'Lista d\'attesa n. {n}', chat: 'Chat', chat_say: 'Scrivi qualcosa…', chat_send: 'Invia', mute: 'Silenzia {name}', unmute: 'Riattiva {name}', chat_spectators_off: 'A questo tavolo scrivono solo i giocatori', spectator_chat: 'Gli spettatori possono scrivere', dismiss: 'Chiudi',
    // table layout, table menu, leave confirmation, action clock (issue 17)
    table_menu: 'Tavolo', actions_label: 'Le tue azioni', table_side: 'Risultato, punteggi e registro della mano', cancel_seat_change: 'Annulla cambio posto',
    leave_confirm_title: 'Lasciare il tavolo?', leave_confirm_stay: 'Resta', leave_confirm_go: 'Lascia',
    leave_confirm_hand: 'Sei in una mano: da ora si fa check o si passa per te, e lasci il tavolo con il tuo stack quando finisce.',
    leave_confirm_saint: 'La partita è in corso: lasciandola perdi la posta di {stake}.', leave_confirm_saint_free: 'La partita è in corso: lasciandola la abbandoni.',
    time_running_out: 'Il tempo sta per scadere',
    // history and replayer: names, actions in words, unshown cards hidden (issue 17)
    game_id: 'Partita {id}', player_n: 'Giocatore {n}', rp_start: 'Inizia la mano', rp_hole_dealt: 'Si distribuiscono le carte coperte', rp_dealt: 'Si distribuiscono le carte', rp_antes: 'Invito di {amount}', rp_other: '{who} gioca',
    reveal_deal: 'Rivela tutta la distribuzione dal seme', hide_deal: 'Nascondi le carte che nessuno ha mostrato', rp_unshown: 'non mostrata al tavolo', rp_story: 'Il racconto finora',
    reveal_hint: 'La replica mostra le tue carte e quelle mostrate al tavolo. Il seme distribuisce ogni carta, anche quelle passate o non mostrate: quando corrisponde all\'impegno puoi rivelarle tutte.',
    // sitting out and the seat it costs (issue 49)
    you_sit_out: "Sei in pausa",
    seat_goes_after_n: "perderai il posto tra {n} mani",
    seat_goes_after_1: "perderai il posto dopo la prossima mano",
    seat_goes_next_deal: "perderai il posto alla prossima distribuzione",
    seat_lost_missed: "Hai perso il posto: sei rimasto in pausa per tre mani di fila (le regole ne consentono due). Le tue fiches sono tornate nel saldo.",
    sit_down_again: "Siediti di nuovo",
    // pre-action buttons (issue 49)
    pre_actions: "Agisci in anticipo",
    pre_hint: "In anticipo:",
    pre_check_fold: "Check/Passa",
    pre_fold_any: "Passa a ogni puntata",
    pre_call_any: "Vedi qualsiasi",
    // notices in words: error codes, bots added (issue 49)
    bot_added: "Un bot si è seduto al posto {n}",
    ec_malformed: "La sala non ha capito la richiesta",
    ec_too_large: "Messaggio troppo lungo",
    ec_unsupported_version: "Questa pagina è vecchia: ricaricala",
    ec_rate_limited: "Troppo veloce — aspetta un momento e riprova",
    ec_unauthenticated: "Accedi di nuovo",
    ec_no_such_table: "Quel tavolo non c'è più",
    ec_not_seated: "Non sei seduto a questo tavolo",
    ec_already_seated: "Sei già a questo tavolo",
    ec_table_full: "Il tavolo è pieno",
    ec_insufficient_chips: "Fiches insufficienti nel saldo",
    ec_stale_hand: "Quella mano è già finita",
    ec_not_your_turn: "Non tocca a te",
    ec_illegal_action: "Non consentito ora",
    ec_invalid_options: "Controlla le impostazioni del tavolo",
    ec_not_allowed: "Non consentito",
    ec_bad_reveal: "La tua parte della distribuzione è stata rifiutata",
    ec_unavailable: "La sala è occupata: riprova tra un momento",
    ec_elsewhere: "Il tavolo si è spostato: riconnessione",
    ec_internal: "Qualcosa è andato storto nella sala",
    // split pots (issue 49)
    split_pot: "diviso",
    // the create-table form in words (issue 49)
    min_players_rule: "Come dicono le regole del gioco",
    named_bots: "Bot particolari",
    lv_beginner: "Principiante",
    lv_regular: "Abituale",
    lv_strong: "Forte",
    lv_random: "Casuale (qualsiasi mossa valida)",
    lv_station: "Chiamatore (vede sempre)",
    lv_rules: "Da manuale (regole semplici)",
    lv_expert: "Esperto",
    lv_cfr: "Teoria dei giochi (CFR)",
    lv_exploit: "Opportunista (legge il tuo gioco)",
    lv_greedy: "Ingordo",
    lv_master: "Maestro",
    // touch hints and fold confirmations (issue 49)
    place_hint_touch: "Tocca una carta per metterla al centro. Puoi cambiarla finché tutti non hanno scelto.",
    fold_confirm: "Passare? Il check è gratis — tocca di nuovo per passare",
    fold_confirm_any: "Passare ora? Tocca di nuovo per passare",
    // lobby and table words (issue 49, finding 10)
    bots_wait_for_you: "i bot ti aspettano",
    limit_cap: "tetto: {n} puntate a giro",
    limit_cap_hu: "tetto: {n} puntate a giro (nessuno a due)",
    // history and replayer (issue 49, finding 9)
    download_record: "Scarica la storia della mano",
    export_hands: "Scarica le mani di Hold'em, come le hai viste:",
    export_hand: "Questa mano come l'hai vista:",
    export_pokerstars: "Testo PokerStars",
    export_phh: "PHH",
    fair_details: "L'hash di garanzia, il seed e le sue parti",
    transcript: "Trascrizione",
    fair_seen: "Il registro è la mano che questo browser ha visto finire: corrisponde alla trascrizione inviata allora dal tavolo.",
    fair_unseen: "Il registro corrisponde alla trascrizione della mano; questo browser non ha visto finire la mano e non può confrontarla con quella inviata dal tavolo.",
    fair_unbound: "Una mano più vecchia: la verifica vincola solo il seed, non le azioni e il risultato.",
    fair_bad_transcript: "Discrepanza: il registro non corrisponde alla trascrizione della mano!",
    fair_bad_seen: "Discrepanza: questo browser ha visto finire la mano con un'altra trascrizione — questo registro non è la mano giocata!",
    autoplay: "Riproduci",
    pause: "Pausa",
  },
  pt: {
    advanced_rules: 'Regras da casa (opcionais)', house_rules: 'Regras da casa', rule_default: 'Padrão', rule_small_blind: 'Small blind da casa', rule_min_raise: 'Aumento mínimo', rule_odd_chips: 'Fichas indivisíveis', rule_allow_check: 'Check antes da abertura', rule_tie_break: 'Desempate', rule_centre_cards: 'Cartas no centro', rule_hand_rule: 'Mão', rv_table_minimum: 'o mínimo da mesa', rv_largest_increment: 'o maior aumento até agora', rv_one_each_from_left_of_button: 'aos vencedores, à esquerda do botão', rv_stay_in_pot: 'ficam no pote', rv_true: 'permitido', rv_false: 'não permitido', rv_german: 'alemão', rv_standard: 'padrão', rv_two_plus_three: 'exatamente 2 próprias + 3 do centro', rv_any_five: 'quaisquer cinco das sete',
    app_name: 'Tavolo', lobby: 'Salão', history: 'Histórico', settings: 'Definições', sign_out: 'Sair',
    sign_in: 'Entrar', register: 'Registar', guest: 'Jogar como convidado', name: 'Nome', password: 'Palavra-passe',
    welcome: 'Uma sala de cartas de código aberto: Saint Poker, Texas Hold\'em e Póquer de cinco cartas.',
    name_rules: '2–24 letras, algarismos, _ ou -', password_rules: 'pelo menos 8 caracteres',
    balance: 'Saldo', connecting: 'A ligar…', connected: 'Ligado', reconnecting: 'A religar…',
    offline: 'Sem ligação', tables: 'Mesas', game: 'Jogo', all: 'Todos', stakes: 'Apostas', seats: 'Lugares',
    players: 'Jogadores', waiting: 'Em espera', state: 'Estado', clock: 'Tempo', bots: 'Bots',
    join: 'Sentar', waitlist: 'Lista de espera', watch: 'Assistir', open: 'Abrir', no_tables: 'Ainda não há mesas. Crie uma!',
    create_table: 'Criar uma mesa', create: 'Criar', table_name: 'Nome da mesa', structure: 'Estrutura',
    small_blind: 'Small blind', big_blind: 'Big blind', buy_in: 'Cave', rebuy: 'Recompra', ante: 'Ante',
    stake: 'Aposta', clock_secs: 'Segundos por decisão', time_bank_secs: 'Reserva de tempo (s)', bot_level: 'Nível dos bots',
    nl: 'Sem limite', pl: 'Limite do pote', fl: 'Limite fixo', limit: 'Limite fixo', holdem: "Texas Hold'em", draw: 'Póquer fechado', saint: 'Saint Poker',
    playing: 'a jogar', waiting_state: 'em espera', seated: 'sentados', full: 'cheia',
        half_pot: '½ pote', three_q_pot: '¾ pote', pot: 'Pote', min_raise: 'Mín', amount: 'Valor',
    leave: 'Sair da mesa', sit_out: 'Pausa', sit_in: 'Voltar', back_to_lobby: 'Salão', unwatch: 'Deixar de assistir',
    your_turn: 'É a sua vez', waiting_for: 'À espera de {name}', spectating: 'Está a assistir',
    sitting_out: 'em pausa', empty_seat: 'livre', button: 'Botão do dealer',
    main_pot: 'Pote principal', side_pot: 'Pote lateral {n}', pots: 'Potes', total_pot: 'Pote',
    wins: '{names} ganha {amount}', win_with: 'com {hand}', result: 'Resultado',     time_left: 'faltam {s} s', time_bank: 'reserva',         discard_n: 'Trocar {n}', choose_discards: 'Escolha até {n} cartas para trocar',
        exchanged: 'trocou {n}',
    round: 'Ronda {n}',     your_hand: 'A sua mão', centre: 'Centro', preview: 'Próximo centro',
    pool: 'Cartas em jogo', draft_order: 'Ordem de escolha', to_pick: '{name} escolhe', you_pick: 'A sua vez: escolha uma carta',
    place_hint: 'Clique numa carta (ou prima o seu número) para a colocar no centro. Pode mudar até todos escolherem.',
    show_hint: 'Escolha duas cartas; a melhor mão com três cartas do centro aparece logo.',
    show_these: 'Mostrar estas duas', chosen: 'Escolhido — à espera dos outros', best_hand: 'Melhor mão',
    scoreboard: 'Pontuação', points: 'Pontos', total: 'Total', final_ranking: 'Classificação final', place_n: '{n}º',
    winners: 'Vencedores', cards_in_hand: '{n} cartas', draw_pile: 'Baralho', game_over_win: '{names} ganhou o jogo',
    placed_cards: 'Colocadas', shown_cards: 'Mostradas',
    my_history: 'O meu histórico', no_history: 'Ainda sem mãos nem jogos.', voided_h: 'Mãos anuladas', voided_note: 'A sala não pode escolher as cartas, mas pode anular uma mão: quantas vezes isso te aconteceu, e porquê.', voided_at: '{table}: {voided} de {hands} anuladas', voided_with: 'Com {name}: {voided} de {hands} anuladas', voided_reason_unknown: 'motivo não registado', finished: 'Terminado', table: 'Mesa',
    replay: 'Rever', fairness: 'Equidade', verify: 'Verificar equidade', commitment: 'Compromisso', seed: 'Semente',
    fair_ok: 'Verificado: o SHA-256 da semente é igual ao compromisso.', fair_ok2: 'Verificado: o SHA-256 da parte da sala é igual ao compromisso, cada revelação dos jogadores prolonga a sua cadeia e as partes dão a semente.', fair_parts: 'Partes', fair_bad: 'Diferença: a semente não corresponde ao compromisso!',
    fair_pending: 'A semente é revelada no fim da mão ou do jogo.', step: 'Passo {i} de {n}',
    first: 'Início', prev: 'Anterior', next: 'Seguinte', last: 'Fim', loading: 'A carregar…', error: 'Erro',
    language: 'Idioma', four_colour: 'Baralho de quatro cores', sounds: 'Sons', saved: 'Guardado',
    settings_hint: 'As definições ficam guardadas neste navegador.', shortcuts: 'Atalhos: f desistir, c passar/pagar, r aumentar, algarismos e setas escolhem cartas',
    seat_n: 'Lugar {n}', you: 'você', bot: 'bot', stack: 'Fichas', chips: 'fichas',     change_seat: 'Trocar de lugar', seat_change_pending: 'Troca de lugar pedida (n.º {n})', min_players: 'Jogadores para começar a dar cartas', needs_players: 'joga com {n}', signed_out: 'Sessão terminada', joined_seat: 'Sentado no lugar {n}', on_waitlist: 'Na lista de espera: posição {n}', table_closed: 'A mesa foi fechada', over_guest_cap: '{n} fichas voltaram para a banca: um convidado só pode ter um certo número de fichas, e o que ganha além disso volta. Cadastre-se para ficar com o que ganhar daqui em diante.',
    err_generic: 'Algo correu mal', confirm: 'OK', cancel: 'Cancelar', log: 'Registo da mão', hand_id: 'Mão {id}',
    previous_hand: 'Mão anterior', verify_prev: 'Verificar semente anterior', dealer: 'Dealer', cutter: 'Corte',
    new_game_waiting: 'À espera de jogadores…', friendly: 'amigável', started: 'O jogo começa quando todos os lugares estiverem ocupados',
    skip_to_main: 'Saltar para o conteúdo', board: 'Mesa', hole: 'Cartas fechadas', hidden_card: 'carta virada para baixo',
    of: 'de', bet_amount: 'Valor da aposta', raise_range: 'de {min} a {max}', points_short: 'pts',
    e_posts: '{who} coloca {amount}', e_fold: '{who} desiste', e_check: '{who} passa', e_call: '{who} paga {amount}',
    e_raise: '{who} aumenta para {amount}', e_bet: '{who} aposta {amount}', e_allin: '(all-in)', e_shows: '{who} mostra {cards}',
    e_wins: '{who} ganha {amount}', e_board: 'Mesa: {cards}', e_exchange: '{who} troca {n}', e_place: '{who} coloca {cards}',
    e_pick: '{who} escolhe {cards}', e_mucks: '{who} não mostra', e_round: 'Ronda {n}', e_returned: '{amount} devolvido a {who}',
    play_again: 'Jogar de novo', game_results: 'Resultados', stakes_won: 'Apostas ganhas', waiting_next_game: 'Está no próximo jogo — à espera dos outros', needs_n_players: 'À espera de jogadores: {k} de {n}', add_bot: 'Adicionar um bot', seated_from_list: 'Tem um lugar em {table}', go_to_table: 'Ir para a mesa', leave_list: 'Sair da lista', waitlist_pos: 'Lista de espera n.º {n}', chat: 'Chat', chat_say: 'Escreva algo…', chat_send: 'Enviar', mute: 'Silenciar {name}', unmute: 'Reativar {name}', chat_spectators_off: 'Nesta mesa só os jogadores escrevem', spectator_chat: 'Os espectadores podem escrever', dismiss: 'Fechar',
    // table layout, table menu, leave confirmation, action clock (issue 17)
    table_menu: 'Mesa', actions_label: 'As suas ações', table_side: 'Resultado, pontuação e registo da mão', cancel_seat_change: 'Cancelar troca de lugar',
    leave_confirm_title: 'Sair da mesa?', leave_confirm_stay: 'Ficar', leave_confirm_go: 'Sair',
    leave_confirm_hand: 'Está numa mão: a partir de agora passa-se ou desiste-se por si, e sai com a sua pilha quando ela acabar.',
    leave_confirm_saint: 'O jogo está a decorrer: sair faz perder a aposta de {stake}.', leave_confirm_saint_free: 'O jogo está a decorrer: sair é abandoná-lo.',
    time_running_out: 'O seu tempo está a acabar',
    // history and replayer: names, actions in words, unshown cards hidden (issue 17)
    game_id: 'Jogo {id}', player_n: 'Jogador {n}', rp_start: 'A mão começa', rp_hole_dealt: 'São dadas as cartas fechadas', rp_dealt: 'São dadas as cartas', rp_antes: 'Ante de {amount}', rp_other: '{who} joga',
    reveal_deal: 'Revelar toda a distribuição a partir da semente', hide_deal: 'Esconder as cartas que ninguém mostrou', rp_unshown: 'não mostrada na mesa', rp_story: 'A história até aqui',
    reveal_hint: 'A repetição mostra as suas cartas e as mostradas na mesa. A semente dá todas as cartas, também as desistidas e as não mostradas: quando corresponde ao compromisso pode revelá-las todas.',
    // sitting out and the seat it costs (issue 49)
    you_sit_out: "Está em pausa",
    seat_goes_after_n: "perde o lugar daqui a {n} mãos",
    seat_goes_after_1: "perde o lugar depois da próxima mão",
    seat_goes_next_deal: "perde o lugar na próxima distribuição",
    seat_lost_missed: "Perdeu o lugar: ficou em pausa três mãos seguidas (as regras permitem duas). As suas fichas voltaram ao saldo.",
    sit_down_again: "Sentar-se de novo",
    // pre-action buttons (issue 49)
    pre_actions: "Agir antecipadamente",
    pre_hint: "Antecipar:",
    pre_check_fold: "Passar/Desistir",
    pre_fold_any: "Desistir a qualquer aposta",
    pre_call_any: "Pagar qualquer",
    // notices in words: error codes, bots added (issue 49)
    bot_added: "Um bot sentou-se no lugar {n}",
    ec_malformed: "A sala não percebeu o pedido",
    ec_too_large: "Mensagem demasiado longa",
    ec_unsupported_version: "Esta página está desatualizada: recarregue-a",
    ec_rate_limited: "Demasiado rápido — espere um momento e tente de novo",
    ec_unauthenticated: "Inicie sessão de novo",
    ec_no_such_table: "Essa mesa já não existe",
    ec_not_seated: "Não está sentado nesta mesa",
    ec_already_seated: "Já está nesta mesa",
    ec_table_full: "A mesa está cheia",
    ec_insufficient_chips: "Fichas insuficientes no saldo",
    ec_stale_hand: "Essa mão já terminou",
    ec_not_your_turn: "Não é a sua vez",
    ec_illegal_action: "Não permitido agora",
    ec_invalid_options: "Verifique as definições da mesa",
    ec_not_allowed: "Não permitido",
    ec_bad_reveal: "A sua parte da distribuição foi recusada",
    ec_unavailable: "A sala está ocupada: tente daqui a pouco",
    ec_elsewhere: "A mesa mudou de sítio: a religar",
    ec_internal: "Algo correu mal na sala",
    // split pots (issue 49)
    split_pot: "dividido",
    // the create-table form in words (issue 49)
    min_players_rule: "Como dizem as regras do jogo",
    named_bots: "Bots particulares",
    lv_beginner: "Principiante",
    lv_regular: "Habitual",
    lv_strong: "Forte",
    lv_random: "Aleatório (qualquer jogada válida)",
    lv_station: "Pagador (paga sempre)",
    lv_rules: "Pelo manual (regras simples)",
    lv_expert: "Especialista",
    lv_cfr: "Teoria dos jogos (CFR)",
    lv_exploit: "Explorador (lê o seu jogo)",
    lv_greedy: "Guloso",
    lv_master: "Mestre",
    // touch hints and fold confirmations (issue 49)
    place_hint_touch: "Toque numa carta para a colocar no centro. Pode mudar até todos escolherem.",
    fold_confirm: "Desistir? Passar é grátis — toque de novo para desistir",
    fold_confirm_any: "Desistir agora? Toque de novo para desistir",
    // lobby and table words (issue 49, finding 10)
    bots_wait_for_you: "bots à sua espera",
    limit_cap: "limite: {n} apostas por volta",
    limit_cap_hu: "limite: {n} apostas por volta (nenhum a dois)",
    // history and replayer (issue 49, finding 9)
    download_record: "Descarregar o histórico da mão",
    export_hands: "Descarregar as mãos de Hold'em, como as viu:",
    export_hand: "Esta mão como a viu:",
    export_pokerstars: "Texto PokerStars",
    export_phh: "PHH",
    fair_details: "O compromisso, a semente e as suas partes",
    transcript: "Transcrição",
    fair_seen: "O registo é a mão que este navegador viu terminar: corresponde à transcrição que a mesa enviou então.",
    fair_unseen: "O registo corresponde à transcrição da mão; este navegador não viu a mão terminar e não a pode comparar com a que a mesa enviou.",
    fair_unbound: "Uma mão mais antiga: a verificação vincula só a semente, não as ações e o resultado.",
    fair_bad_transcript: "Diferença: o registo não corresponde à transcrição da mão!",
    fair_bad_seen: "Diferença: este navegador viu a mão terminar com outra transcrição — este registo não é a mão jogada!",
    autoplay: "Reproduzir",
    pause: "Pausa",
  },
  de: {
    advanced_rules: 'Hausregeln (optional)', house_rules: 'Hausregeln', rule_default: 'Standard', rule_small_blind: 'Haus-Small-Blind', rule_min_raise: 'Mindesterhöhung', rule_odd_chips: 'Unteilbare Chips', rule_allow_check: 'Schieben vor der Eröffnung', rule_tie_break: 'Gleichstand', rule_centre_cards: 'Karten in der Mitte', rule_hand_rule: 'Blatt', rv_table_minimum: 'das Tischminimum', rv_largest_increment: 'die bisher größte Erhöhung', rv_one_each_from_left_of_button: 'an die Gewinner, links vom Button', rv_stay_in_pot: 'bleiben im Pot', rv_true: 'erlaubt', rv_false: 'nicht erlaubt', rv_german: 'deutsch', rv_standard: 'Standard', rv_two_plus_three: 'genau 2 eigene + 3 aus der Mitte', rv_any_five: 'beliebige fünf der sieben',
    app_name: 'Tavolo', lobby: 'Lobby', history: 'Verlauf', settings: 'Einstellungen', sign_out: 'Abmelden',
    sign_in: 'Anmelden', register: 'Registrieren', guest: 'Als Gast spielen', name: 'Name', password: 'Passwort',
    welcome: 'Ein quelloffener Kartenraum: Saint Poker, Texas Hold\'em und Five-Card Draw.',
    name_rules: '2–24 Buchstaben, Ziffern, _ oder -', password_rules: 'mindestens 8 Zeichen',
    balance: 'Guthaben', connecting: 'Verbinde…', connected: 'Verbunden', reconnecting: 'Verbinde neu…',
    offline: 'Offline', tables: 'Tische', game: 'Spiel', all: 'Alle', stakes: 'Einsätze', seats: 'Plätze',
    players: 'Spieler', waiting: 'Wartend', state: 'Status', clock: 'Zeit', bots: 'Bots',
    join: 'Platz nehmen', waitlist: 'Warteliste', watch: 'Zusehen', open: 'Öffnen', no_tables: 'Noch keine Tische. Erstelle einen!',
    create_table: 'Tisch erstellen', create: 'Erstellen', table_name: 'Tischname', structure: 'Struktur',
    small_blind: 'Small Blind', big_blind: 'Big Blind', buy_in: 'Buy-in', rebuy: 'Nachkauf', ante: 'Grundeinsatz',
    stake: 'Einsatz', clock_secs: 'Sekunden pro Entscheidung', time_bank_secs: 'Zeitbank (s)', bot_level: 'Bot-Stärke',
    nl: 'No-Limit', pl: 'Pot-Limit', fl: 'Limit', limit: 'Limit', holdem: "Texas Hold'em", draw: 'Five-Card Draw', saint: 'Saint Poker',
    playing: 'läuft', waiting_state: 'wartet', seated: 'sitzend', full: 'voll',
        half_pot: '½ Pot', three_q_pot: '¾ Pot', pot: 'Pot', min_raise: 'Min', amount: 'Betrag',
    leave: 'Verlassen', sit_out: 'Aussetzen', sit_in: 'Weiterspielen', back_to_lobby: 'Lobby', unwatch: 'Nicht mehr zusehen',
    your_turn: 'Du bist dran', waiting_for: 'Warte auf {name}', spectating: 'Du siehst zu',
    sitting_out: 'setzt aus', empty_seat: 'frei', button: 'Dealer-Button',
    main_pot: 'Hauptpot', side_pot: 'Nebenpot {n}', pots: 'Pots', total_pot: 'Pot',
    wins: '{names} gewinnt {amount}', win_with: 'mit {hand}', result: 'Ergebnis',     time_left: 'noch {s} s', time_bank: 'Zeitbank',         discard_n: '{n} tauschen', choose_discards: 'Bis zu {n} Karten zum Tauschen wählen',
        exchanged: 'tauscht {n}',
    round: 'Runde {n}',     your_hand: 'Deine Hand', centre: 'Mitte', preview: 'Nächste Mitte',
    pool: 'Auslage', draft_order: 'Wahlreihenfolge', to_pick: '{name} wählt', you_pick: 'Du wählst: nimm eine Karte aus der Auslage',
    place_hint: 'Klicke eine Karte (oder drücke ihre Nummer), um sie in die Mitte zu legen. Änderbar, bis alle gewählt haben.',
    show_hint: 'Wähle zwei Karten; die beste Hand mit drei Karten der Mitte wird sofort angezeigt.',
    show_these: 'Diese zwei zeigen', chosen: 'Gewählt — warte auf die anderen', best_hand: 'Beste Hand',
    scoreboard: 'Punktestand', points: 'Punkte', total: 'Gesamt', final_ranking: 'Endstand', place_n: '{n}.',
    winners: 'Gewinner', cards_in_hand: '{n} Karten', draw_pile: 'Stapel', game_over_win: '{names} hat das Spiel gewonnen',
    placed_cards: 'Gelegt', shown_cards: 'Gezeigt',
    my_history: 'Mein Verlauf', no_history: 'Noch keine Hände oder Spiele.', voided_h: 'Annullierte Hände', voided_note: 'Der Saal kann die Karten nicht wählen, aber eine Hand annullieren: wie oft dir das geschah, und warum.', voided_at: '{table}: {voided} von {hands} annulliert', voided_with: 'Mit {name}: {voided} von {hands} annulliert', voided_reason_unknown: 'Grund nicht erfasst', finished: 'Beendet', table: 'Tisch',
    replay: 'Abspielen', fairness: 'Fairness', verify: 'Fairness prüfen', commitment: 'Festlegung', seed: 'Seed',
    fair_ok: 'Geprüft: SHA-256 des Seeds entspricht der Festlegung.', fair_ok2: 'Geprüft: SHA-256 des Anteils des Raums entspricht der Festlegung, jede Offenlegung der Spieler setzt ihre Kette fort, und die Anteile ergeben den Seed.', fair_parts: 'Anteile', fair_bad: 'Abweichung: der Seed passt nicht zur Festlegung!',
    fair_pending: 'Der Seed wird nach der Hand bzw. dem Spiel veröffentlicht.', step: 'Schritt {i} von {n}',
    first: 'Anfang', prev: 'Zurück', next: 'Weiter', last: 'Ende', loading: 'Lade…', error: 'Fehler',
    language: 'Sprache', four_colour: 'Vierfarbiges Blatt', sounds: 'Töne', saved: 'Gespeichert',
    settings_hint: 'Die Einstellungen werden in diesem Browser gespeichert.', shortcuts: 'Tasten: f passen, c schieben/mitgehen, r erhöhen, Ziffern und Pfeile wählen Karten',
    seat_n: 'Platz {n}', you: 'du', bot: 'Bot', stack: 'Chips', chips: 'Chips',     change_seat: 'Platz wechseln', seat_change_pending: 'Platzwechsel gewünscht (Nr. {n})', min_players: 'Spieler, ab denen gegeben wird', needs_players: 'gibt ab {n}', signed_out: 'Abgemeldet', joined_seat: 'Platz {n} genommen', on_waitlist: 'Auf der Warteliste: Position {n}', table_closed: 'Der Tisch wurde geschlossen', over_guest_cap: '{n} Chips gingen an die Bank zurück: ein Gast darf nur begrenzt viele Chips halten, und was er darüber hinaus gewinnt, geht zurück. Registriere dich, um künftige Gewinne zu behalten.',
    err_generic: 'Etwas ist schiefgegangen', confirm: 'OK', cancel: 'Abbrechen', log: 'Handverlauf', hand_id: 'Hand {id}',
    previous_hand: 'Vorige Hand', verify_prev: 'Vorigen Seed prüfen', dealer: 'Geber', cutter: 'Abheber',
    new_game_waiting: 'Warte auf Spieler…', friendly: 'freundschaftlich', started: 'Das Spiel beginnt, wenn alle Plätze besetzt sind',
    skip_to_main: 'Zum Inhalt springen', board: 'Board', hole: 'Eigene Karten', hidden_card: 'verdeckte Karte',
    of: 'von', bet_amount: 'Einsatzhöhe', raise_range: 'von {min} bis {max}', points_short: 'Pkt.',
    e_posts: '{who} setzt {amount}', e_fold: '{who} passt', e_check: '{who} schiebt', e_call: '{who} geht mit {amount}',
    e_raise: '{who} erhöht auf {amount}', e_bet: '{who} setzt {amount}', e_allin: '(all-in)', e_shows: '{who} zeigt {cards}',
    e_wins: '{who} gewinnt {amount}', e_board: 'Board: {cards}', e_exchange: '{who} tauscht {n}', e_place: '{who} legt {cards}',
    e_pick: '{who} nimmt {cards}', e_mucks: '{who} legt verdeckt ab', e_round: 'Runde {n}', e_returned: '{amount} zurück an {who}',
    play_again: 'Nochmal spielen', game_results: 'Ergebnis', stakes_won: 'Gewonnener Einsatz', waiting_next_game: 'Du spielst die nächste Partie — warte auf die anderen', needs_n_players: 'Warte auf Spieler: {k} von {n}', add_bot: 'Bot hinzufügen', seated_from_list: 'Ein Platz ist frei für dich: {table}', go_to_table: 'Zum Tisch', leave_list: 'Liste verlassen', waitlist_pos: 'Warteliste Nr. {n}', chat: 'Chat', chat_say: 'Schreib etwas…', chat_send: 'Senden', mute: '{name} stummschalten', unmute: '{name} wieder anzeigen', chat_spectators_off: 'An diesem Tisch schreiben nur Spieler', spectator_chat: 'Zuschauer dürfen schreiben', dismiss: 'Schließen',
    // table layout, table menu, leave confirmation, action clock (issue 17)
    table_menu: 'Tisch', actions_label: 'Deine Aktionen', table_side: 'Ergebnis, Punkte und Handverlauf', cancel_seat_change: 'Platzwechsel zurücknehmen',
    leave_confirm_title: 'Tisch verlassen?', leave_confirm_stay: 'Bleiben', leave_confirm_go: 'Verlassen',
    leave_confirm_hand: 'Du bist in einer Hand: ab jetzt wird für dich geschoben oder gepasst, und du gehst mit deinem Stack, wenn sie endet.',
    leave_confirm_saint: 'Das Spiel läuft: wer geht, verliert den Einsatz von {stake}.', leave_confirm_saint_free: 'Das Spiel läuft: wer geht, gibt es auf.',
    time_running_out: 'Deine Zeit läuft ab',
    // history and replayer: names, actions in words, unshown cards hidden (issue 17)
    game_id: 'Spiel {id}', player_n: 'Spieler {n}', rp_start: 'Die Hand beginnt', rp_hole_dealt: 'Die verdeckten Karten werden gegeben', rp_dealt: 'Die Karten werden gegeben', rp_antes: 'Grundeinsatz {amount}', rp_other: '{who} ist am Zug',
    reveal_deal: 'Das ganze Blatt aus dem Seed aufdecken', hide_deal: 'Nicht gezeigte Karten verbergen', rp_unshown: 'am Tisch nicht gezeigt', rp_story: 'Der Verlauf bis hier',
    reveal_hint: 'Die Wiedergabe zeigt deine Karten und die am Tisch gezeigten. Der Seed gibt jede Karte, auch abgeworfene und nicht gezeigte: stimmt er mit der Festlegung überein, kannst du alle aufdecken.',
    // sitting out and the seat it costs (issue 49)
    you_sit_out: "Du setzt aus",
    seat_goes_after_n: "in {n} Händen verlierst du deinen Platz",
    seat_goes_after_1: "nach der nächsten Hand verlierst du deinen Platz",
    seat_goes_next_deal: "beim nächsten Geben verlierst du deinen Platz",
    seat_lost_missed: "Du hast deinen Platz verloren: du hast drei Hände hintereinander ausgesetzt (erlaubt sind zwei). Deine Chips sind wieder auf deinem Guthaben.",
    sit_down_again: "Wieder hinsetzen",
    // pre-action buttons (issue 49)
    pre_actions: "Im Voraus handeln",
    pre_hint: "Im Voraus:",
    pre_check_fold: "Schieben/Passen",
    pre_fold_any: "Passen bei jedem Einsatz",
    pre_call_any: "Alles mitgehen",
    // notices in words: error codes, bots added (issue 49)
    bot_added: "Ein Bot hat sich auf Platz {n} gesetzt",
    ec_malformed: "Der Raum hat das nicht verstanden",
    ec_too_large: "Die Nachricht ist zu lang",
    ec_unsupported_version: "Diese Seite ist veraltet: bitte neu laden",
    ec_rate_limited: "Zu schnell — bitte kurz warten und erneut versuchen",
    ec_unauthenticated: "Bitte erneut anmelden",
    ec_no_such_table: "Diesen Tisch gibt es nicht mehr",
    ec_not_seated: "Du sitzt nicht an diesem Tisch",
    ec_already_seated: "Du bist schon an diesem Tisch",
    ec_table_full: "Der Tisch ist voll",
    ec_insufficient_chips: "Nicht genug Chips im Guthaben",
    ec_stale_hand: "Diese Hand ist schon vorbei",
    ec_not_your_turn: "Du bist nicht dran",
    ec_illegal_action: "Jetzt nicht erlaubt",
    ec_invalid_options: "Bitte die Tischeinstellungen prüfen",
    ec_not_allowed: "Nicht erlaubt",
    ec_bad_reveal: "Dein Teil des Gebens wurde abgelehnt",
    ec_unavailable: "Der Raum ist beschäftigt: gleich noch einmal versuchen",
    ec_elsewhere: "Der Tisch ist umgezogen: neu verbinden",
    ec_internal: "Im Raum ist etwas schiefgegangen",
    // split pots (issue 49)
    split_pot: "geteilt",
    // the create-table form in words (issue 49)
    min_players_rule: "Wie die Spielregeln sagen",
    named_bots: "Bestimmte Bots",
    lv_beginner: "Anfänger",
    lv_regular: "Stammspieler",
    lv_strong: "Stark",
    lv_random: "Zufällig (irgendein erlaubter Zug)",
    lv_station: "Mitgeher (geht immer mit)",
    lv_rules: "Nach Lehrbuch (einfache Regeln)",
    lv_expert: "Experte",
    lv_cfr: "Spieltheorie (CFR)",
    lv_exploit: "Ausbeuter (liest dein Spiel)",
    lv_greedy: "Gierig",
    lv_master: "Meister",
    // touch hints and fold confirmations (issue 49)
    place_hint_touch: "Tippe eine Karte an, um sie in die Mitte zu legen. Änderbar, bis alle gewählt haben.",
    fold_confirm: "Passen? Schieben kostet nichts — nochmals tippen zum Passen",
    fold_confirm_any: "Jetzt passen? Nochmals tippen zum Passen",
    // lobby and table words (issue 49, finding 10)
    bots_wait_for_you: "Bots warten auf dich",
    limit_cap: "Deckel: {n} Einsätze je Runde",
    limit_cap_hu: "Deckel: {n} Einsätze je Runde (keiner zu zweit)",
    // history and replayer (issue 49, finding 9)
    download_record: "Handverlauf herunterladen",
    export_hands: "Hold'em-Hände herunterladen, wie du sie gesehen hast:",
    export_hand: "Diese Hand, wie du sie gesehen hast:",
    export_pokerstars: "PokerStars-Text",
    export_phh: "PHH",
    fair_details: "Festlegung, Seed und seine Teile",
    transcript: "Transkript",
    fair_seen: "Der Verlauf ist die Hand, deren Ende dieser Browser gesehen hat: er passt zum Transkript, das der Tisch damals sandte.",
    fair_unseen: "Der Verlauf passt zum Transkript der Hand; dieser Browser hat ihr Ende nicht gesehen und kann es nicht mit dem vergleichen, das der Tisch sandte.",
    fair_unbound: "Eine ältere Hand: ihre Prüfung bindet nur den Seed, nicht die Aktionen und das Ergebnis.",
    fair_bad_transcript: "Abweichung: der Verlauf passt nicht zum Transkript der Hand!",
    fair_bad_seen: "Abweichung: dieser Browser hat das Ende der Hand mit einem anderen Transkript gesehen — dieser Verlauf ist nicht die gespielte Hand!",
    autoplay: "Abspielen",
    pause: "Pause",
  },
};


// The game's words — hand categories, ranks, suits and card names, how hands are told, streets,
// stages, phases, actions and results — live in one catalogue, the engine's
// (tavolo_cards::words), served as /i18n/words.json and loaded once at start; the strings
// above are the browser's own sentences and labels.
let WORDS = null;

/** Loads the catalogue of game words from the room. */
export async function loadWords() {
  try {
    const r = await fetch('i18n/words.json', { credentials: 'same-origin' });
    if (r.ok) WORDS = await r.json();
  } catch { /* names fall back to the codes */ }
}

/** Sets the catalogue (tests). */
export function setWords(w) { WORDS = w; }

function words() { return (WORDS && (WORDS[lang] || WORDS.en)) || null; }

export const LANGS = { en: 'English', it: 'Italiano', pt: 'Português', de: 'Deutsch' };

let lang = 'en';
export function setLang(l) { lang = S[l] ? l : 'en'; document.documentElement.lang = lang; }
export function getLang() { return lang; }

/** The string `key` in the current language, with {placeholders} filled from `params`. */
export function t(key, params = {}) {
  const s = (S[lang] && S[lang][key]) ?? S.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? `{${k}}`));
}

/** "ace of spades" (or "Pik Ass") for a card string like "As", by the catalogue's pattern. */
export function cardName(card) {
  if (!card || card.length < 2) return t('hidden_card');
  const w = words();
  if (!w) return card;
  const rank = (w.ranks[card[0].toUpperCase()] || [card[0]])[0];
  const suit = w.suits[card[1].toLowerCase()] || card[1];
  return w.card.replace('{rank}', rank.toLowerCase()).replace('{Rank}', rank).replace('{suit}', suit);
}

/** The catalogue's word for `code` in `section` (`streets`, `stages`, `phases`, `actions`,
 * `results`): the codes are the engine's own, so the browser and the terminal say the same. */
export function word(section, code) {
  const w = words();
  return (w && w[section] && w[section][code]) || String(code ?? '').replace(/_/g, ' ');
}

/** Normalises an engine category name ("TwoPair", "two_pair", "Two pair") to snake_case. */
export function categoryKey(c) {
  if (!c) return '';
  return String(c).replace(/([a-z])([A-Z])/g, '$1_$2').replace(/[\s-]+/g, '_').toLowerCase();
}

/** The category's name in the current language (a code: `two_pair`, `royal_flush`, …). */
export function categoryName(c) {
  const k = categoryKey(c);
  const w = words();
  return (w && w.categories[k]) || k.replace(/_/g, ' ');
}

/** A hand the server sent as codes ({category, ranks}) told in the current language, filling
 * the catalogue's pattern as the engine does ("Two pair, Kings and Sevens, Ace kicker"). */
export function handName(h) {
  if (!h || !h.category) return '';
  const ranks = h.ranks || [];
  const cat = categoryKey(h.category);
  const code = cat === 'straight_flush' && ranks[0] === 'A' ? 'royal_flush' : cat;
  const w = words();
  if (!w || !w.hands[code]) return categoryName(code);
  const name = (i, plural) => (w.ranks[ranks[i]] || ['?', '?'])[plural ? 1 : 0];
  const list = (from) => ranks.slice(from).map((r) => (w.ranks[r] || [r])[0]).join(', ');
  return w.hands[code].replace(/\{(name|list|kick|r|R)(\d*)\}/g, (_, key, n) => {
    const i = Number(n || 0);
    if (key === 'name') return w.categories[code];
    if (key === 'list') return list(i);
    if (key === 'kick') return (ranks.length - i === 1 ? w.kicker.one : w.kicker.many).replace('{list}', list(i));
    return name(i, key === 'R');
  });
}

/** Every key of every language, for tests that check completeness. */
export function _allKeys() { return Object.fromEntries(Object.entries(S).map(([l, o]) => [l, Object.keys(o)])); }
