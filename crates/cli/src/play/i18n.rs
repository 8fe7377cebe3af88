//! The messages of `tavolo play` in the four languages of the rules (English, Italian,
//! Portuguese, German). The game's own words — hands, streets, stages, phases, actions and
//! results — come from the one catalogue, `tavolo_cards::words` ([`word`]); the sentences and
//! prompts of the terminal are here. Templates use `{0}`, `{1}`, … for their arguments
//! ([`fill`]).

use std::fmt::Display;

use tavolo_cards::{words, Lang, Words};

/// Every message of the game, in one language.
pub struct Texts {
    pub you: &'static str,
    pub hand_no: &'static str,
    pub round_of: &'static str,
    pub pot: &'static str,
    pub board: &'static str,
    pub centre: &'static str,
    pub preview: &'static str,
    pub pool: &'static str,
    pub your_hand: &'static str,
    pub log: &'static str,
    pub result: &'static str,
    pub points: &'static str,
    pub seed: &'static str,
    pub blinds: &'static str,
    pub ante: &'static str,
    // Actions as logged.
    pub posts: &'static str,
    pub posts_ante: &'static str,
    pub folds: &'static str,
    pub checks: &'static str,
    pub calls: &'static str,
    pub bets: &'static str,
    pub raises_to: &'static str,
    pub all_in: &'static str,
    pub returned: &'static str,
    pub shows: &'static str,
    pub mucks: &'static str,
    pub wins_main: &'static str,
    pub wins_side: &'static str,
    pub with_hand: &'static str,
    pub carried: &'static str,
    pub your_cards: &'static str,
    pub dealt_board: &'static str,
    pub discards_draws: &'static str,
    pub you_exchange: &'static str,
    pub stands_pat: &'static str,
    pub reshuffled: &'static str,
    pub rebuys: &'static str,
    pub net: &'static str,
    pub round_starts: &'static str,
    pub places: &'static str,
    pub scores: &'static str,
    pub draft_order: &'static str,
    pub picks: &'static str,
    pub final_ranking: &'static str,
    pub ranking_line: &'static str,
    pub saved: &'static str,
    pub main_pot: &'static str,
    pub side_pot: &'static str,
    pub session: &'static str,
    // Last actions in the seat rows.
    pub placed_short: &'static str,
    // Prompts and keys.
    pub key_fold: &'static str,
    pub key_check: &'static str,
    pub key_call: &'static str,
    pub key_bet: &'static str,
    pub key_raise: &'static str,
    pub key_allin: &'static str,
    pub key_help: &'static str,
    pub key_quit: &'static str,
    pub amount_prompt: &'static str,
    pub amount_keys: &'static str,
    pub bad_amount: &'static str,
    pub not_a_number: &'static str,
    pub ask_place: &'static str,
    pub ask_show: &'static str,
    pub ask_pick: &'static str,
    pub ask_exchange: &'static str,
    pub ask_showdown: &'static str,
    pub cards_keys: &'static str,
    pub exchange_keys: &'static str,
    pub choose_n: &'static str,
    pub choose_range: &'static str,
    pub not_a_choice: &'static str,
    pub waiting: &'static str,
    pub next_hand: &'static str,
    pub game_end: &'static str,
    pub busted_rebuy: &'static str,
    pub busted: &'static str,
    pub quit_confirm: &'static str,
    pub unknown_command: &'static str,
    pub not_now: &'static str,
    pub best: &'static str,
    pub best_possible: &'static str,
    pub help_title: &'static str,
    pub help_betting: &'static [&'static str],
    pub help_saint: &'static [&'static str],
    pub help_draw: &'static [&'static str],
    pub help_plain: &'static [&'static str],
}

/// The texts of `lang`.
pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::En => &EN,
        Lang::It => &IT,
        Lang::Pt => &PT,
        Lang::De => &DE,
    }
}

/// The catalogue's word for `code` (an engine value that serialises to a code, such as a
/// `Street`, a Draw `Stage` or a Saint Poker `PhaseName`) in the section `pick` chooses.
///
/// The code is the engine's own wire word, so the terminal and the browser look up the same key.
pub fn word<T: serde::Serialize>(
    lang: Lang,
    pick: fn(&'static Words) -> &'static std::collections::BTreeMap<&'static str, &'static str>,
    value: &T,
) -> String {
    let code = serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    tavolo_cards::words::word(pick(words(lang)), &code).to_string()
}

/// The catalogue's word for a literal `code` in the section `pick` chooses.
pub fn word_of(
    lang: Lang,
    pick: fn(&'static Words) -> &'static std::collections::BTreeMap<&'static str, &'static str>,
    code: &'static str,
) -> &'static str {
    tavolo_cards::words::word(pick(words(lang)), code)
}

/// `template` with `{0}`, `{1}`, … replaced by `args`.
pub fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut s = template.to_string();
    for (i, a) in args.iter().enumerate() {
        s = s.replace(&format!("{{{i}}}"), &a.to_string());
    }
    s
}

/// A signed amount with thousands separators (`+1,200`, `-10,000`, `+0`).
pub fn signed(n: i128) -> String {
    let sign = if n < 0 { "-" } else { "+" };
    format!(
        "{sign}{}",
        chips(n.unsigned_abs().min(u128::from(u64::MAX)) as u64)
    )
}

/// Chips with thousands separators (`12,500`).
pub fn chips(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

static EN: Texts = Texts {
    you: "You",
    hand_no: "Hand {0}",
    round_of: "Round {0}/8",
    pot: "Pot {0}",
    board: "Board",
    centre: "Centre",
    preview: "Next",
    pool: "Pool",
    your_hand: "Your hand",
    log: "Log",
    result: "Result",
    points: "{0} pts",
    seed: "seed {0}",
    blinds: "blinds {0}/{1}",
    ante: "ante {0}",
    posts: "{0} posts {1}",
    posts_ante: "{0} antes {1}",
    folds: "{0} folds",
    checks: "{0} checks",
    calls: "{0} calls {1}",
    bets: "{0} bets {1}",
    raises_to: "{0} raises to {1}",
    all_in: " (all-in)",
    returned: "{0} uncalled, back to {1}",
    shows: "{0} shows {1}: {2}",
    mucks: "{0} mucks",
    wins_main: "{0} wins {1} from the main pot",
    wins_side: "{0} wins {1} from side pot {2}",
    with_hand: " with {0}",
    carried: "{0} stays in the pot for the next hand",
    your_cards: "Your cards: {0}",
    dealt_board: "{0}: {1}",
    discards_draws: "{0} draws {1}",
    you_exchange: "You discard {0} and draw {1}",
    stands_pat: "{0} stands pat",
    reshuffled: "The discards are reshuffled into the deck",
    rebuys: "{0} rebuys for {1}",
    net: "{0}: {1} this hand",
    round_starts: "Round {0}: centre {1}, next {2}",
    places: "{0} places {1}",
    scores: "{0} shows {1}: {2} — {3} pts (total {4})",
    draft_order: "Draft order: {0}",
    picks: "{0} picks {1}",
    final_ranking: "Final ranking",
    ranking_line: "{0}. {1}  {2} points",
    saved: "Saved: {0}",
    main_pot: "main",
    side_pot: "side",
    session: "After {0} hand(s) you have {1} chips for {2} bought in ({3})",
    placed_short: "placed {0}",
    key_fold: "fold",
    key_check: "check",
    key_call: "call {0}",
    key_bet: "bet {0}–{1}",
    key_raise: "raise to {0}–{1}",
    key_allin: "all-in {0}",
    key_help: "help",
    key_quit: "quit",
    amount_prompt: "Amount ({0}–{1}): {2}",
    amount_keys: "m min  h ½ pot  p pot  a all-in  Enter ok  Esc back",
    bad_amount: "Amount {0} is not legal: the legal range is {1} to {2}",
    not_a_number: "`{0}` is not an amount: the legal range is {1} to {2}",
    ask_place: "Choose the card to place in the centre",
    ask_show: "Choose the two cards to show",
    ask_pick: "Pick a card from the pool",
    ask_exchange: "Choose up to {0} cards to discard (none: stand pat)",
    ask_showdown: "Show your hand or muck it",
    cards_keys: "←→ move  Space mark  Enter choose",
    exchange_keys: "←→ move  Space mark  Enter discard  f fold",
    choose_n: "Choose exactly {0} card(s)",
    choose_range: "Choose {0} to {1} cards",
    not_a_choice: "`{0}` is not one of the cards you can choose",
    waiting: "Waiting for the other players…",
    next_hand: "Enter: next hand   q: quit",
    game_end: "The game is over. Enter or q: leave",
    busted_rebuy: "You are out of chips. Rebuy for {0}? (y/n)",
    busted: "You are out of chips: the session ends",
    quit_confirm: "Quit the game? (y/n)",
    unknown_command: "Unknown command `{0}` — type ? for help",
    not_now: "That is not possible now",
    best: "Best: {0}",
    best_possible: "Best pair to show: {0} → {1}",
    help_title: "Help",
    help_betting: &[
        "f  fold           k  check",
        "c  call (or check when free)",
        "r  bet / raise: type the amount;",
        "   m min, h half pot, p pot, a all-in",
        "a  all-in         Enter  next hand",
        "Draw exchange: ←→ move, Space mark,",
        "   Enter discards the marked cards",
        "s / m  show / muck at the showdown",
        "?  this help      q  quit",
    ],
    help_saint: &[
        "Each round: place one card in the centre,",
        "show two cards (your hand = exactly your",
        "two cards + three centre cards), then",
        "draft cards from the pool, worst first.",
        "←→  move the cursor    Space  mark a card",
        "Enter  place / show the marked pair / pick",
        "?  this help           q  quit",
    ],
    help_draw: &[
        "Five-Card Draw, German rules: open or fold",
        "(no check), exchange up to 3 cards, bet again.",
        "f folds at any time, even when it is not your turn.",
    ],
    help_plain: &[
        "Commands: f fold, k check, c call, r N raise to N",
        "  (r min, r half, r pot, r all), a all-in,",
        "  cards by name or position (As Kd, 1 2),",
        "  x 1 3 discard, x stand pat, s show, m muck,",
        "  Enter next hand, y/n answer, ? help, q quit",
    ],
};

static IT: Texts = Texts {
    you: "Tu",
    hand_no: "Mano {0}",
    round_of: "Turno {0}/8",
    pot: "Piatto {0}",
    board: "Tavolo",
    centre: "Centro",
    preview: "Prossimo",
    pool: "Scelta",
    your_hand: "La tua mano",
    log: "Cronaca",
    result: "Risultato",
    points: "{0} pt",
    seed: "seme {0}",
    blinds: "bui {0}/{1}",
    ante: "ante {0}",
    posts: "{0} mette {1}",
    posts_ante: "{0} mette l'ante {1}",
    folds: "{0} passa",
    checks: "{0} fa check",
    calls: "{0} vede {1}",
    bets: "{0} punta {1}",
    raises_to: "{0} rilancia a {1}",
    all_in: " (all-in)",
    returned: "{0} non vedute, restituite a {1}",
    shows: "{0} mostra {1}: {2}",
    mucks: "{0} non mostra",
    wins_main: "{0} vince {1} dal piatto principale",
    wins_side: "{0} vince {1} dal piatto laterale {2}",
    with_hand: " con {0}",
    carried: "{0} restano nel piatto per la prossima mano",
    your_cards: "Le tue carte: {0}",
    dealt_board: "{0}: {1}",
    discards_draws: "{0} cambia {1}",
    you_exchange: "Scarti {0} e prendi {1}",
    stands_pat: "{0} è servito",
    reshuffled: "Gli scarti vengono rimescolati nel mazzo",
    rebuys: "{0} ricompra per {1}",
    net: "{0}: {1} in questa mano",
    round_starts: "Turno {0}: centro {1}, prossimo {2}",
    places: "{0} posa {1}",
    scores: "{0} mostra {1}: {2} — {3} pt (totale {4})",
    draft_order: "Ordine di scelta: {0}",
    picks: "{0} prende {1}",
    final_ranking: "Classifica finale",
    ranking_line: "{0}. {1}  {2} punti",
    saved: "Salvata: {0}",
    main_pot: "principale",
    side_pot: "laterale",
    session: "Dopo {0} mano/i hai {1} fiches per {2} comprate ({3})",
    placed_short: "posato {0}",
    key_fold: "passa",
    key_check: "check",
    key_call: "vedi {0}",
    key_bet: "punta {0}–{1}",
    key_raise: "rilancia a {0}–{1}",
    key_allin: "all-in {0}",
    key_help: "aiuto",
    key_quit: "esci",
    amount_prompt: "Importo ({0}–{1}): {2}",
    amount_keys: "m min  h ½ piatto  p piatto  a all-in  Invio ok  Esc",
    bad_amount: "L'importo {0} non è valido: va da {1} a {2}",
    not_a_number: "`{0}` non è un importo: va da {1} a {2}",
    ask_place: "Scegli la carta da posare al centro",
    ask_show: "Scegli le due carte da mostrare",
    ask_pick: "Prendi una carta dalla scelta",
    ask_exchange: "Scegli fino a {0} carte da scartare (nessuna: servito)",
    ask_showdown: "Mostra la mano o rinuncia",
    cards_keys: "←→ muovi  Spazio segna  Invio scegli",
    exchange_keys: "←→ muovi  Spazio segna  Invio scarta  f passa",
    choose_n: "Scegli esattamente {0} carta/e",
    choose_range: "Scegli da {0} a {1} carte",
    not_a_choice: "`{0}` non è tra le carte che puoi scegliere",
    waiting: "In attesa degli altri giocatori…",
    next_hand: "Invio: prossima mano   q: esci",
    game_end: "La partita è finita. Invio o q: esci",
    busted_rebuy: "Hai finito le fiches. Ricompri per {0}? (s/n)",
    busted: "Hai finito le fiches: la sessione è finita",
    quit_confirm: "Uscire dalla partita? (s/n)",
    unknown_command: "Comando sconosciuto `{0}` — scrivi ? per l'aiuto",
    not_now: "Non è possibile adesso",
    best: "Migliore: {0}",
    best_possible: "Coppia migliore da mostrare: {0} → {1}",
    help_title: "Aiuto",
    help_betting: &[
        "f  passa          k  check",
        "c  vedi (o check se gratis)",
        "r  punta / rilancia: scrivi l'importo;",
        "   m min, h mezzo piatto, p piatto, a all-in",
        "a  all-in         Invio  prossima mano",
        "Cambio (Draw): ←→ muovi, Spazio segna,",
        "   Invio scarta le carte segnate",
        "s / m  mostra / rinuncia allo showdown",
        "?  questo aiuto   q  esci",
    ],
    help_saint: &[
        "Ogni turno: posa una carta al centro,",
        "mostra due carte (la mano = le tue due",
        "carte + tre carte del centro), poi prendi",
        "carte dalla scelta, dal peggiore.",
        "←→  muovi il cursore   Spazio  segna",
        "Invio  posa / mostra la coppia / prendi",
        "?  questo aiuto        q  esci",
    ],
    help_draw: &[
        "Poker a cinque carte, regole tedesche: apri o",
        "passa (niente check), cambia fino a 3 carte.",
        "f passa in qualunque momento, anche fuori turno.",
    ],
    help_plain: &[
        "Comandi: f passa, k check, c vedi, r N rilancia a N",
        "  (r min, r half, r pot, r all), a all-in,",
        "  carte per nome o posizione (As Kd, 1 2),",
        "  x 1 3 scarta, x servito, s mostra, m rinuncia,",
        "  Invio prossima mano, s/n rispondi, ? aiuto, q esci",
    ],
};

static PT: Texts = Texts {
    you: "Você",
    hand_no: "Mão {0}",
    round_of: "Rodada {0}/8",
    pot: "Pote {0}",
    board: "Mesa",
    centre: "Centro",
    preview: "Próximo",
    pool: "Monte",
    your_hand: "Sua mão",
    log: "Registro",
    result: "Resultado",
    points: "{0} pts",
    seed: "semente {0}",
    blinds: "blinds {0}/{1}",
    ante: "ante {0}",
    posts: "{0} põe {1}",
    posts_ante: "{0} põe o ante {1}",
    folds: "{0} desiste",
    checks: "{0} passa",
    calls: "{0} paga {1}",
    bets: "{0} aposta {1}",
    raises_to: "{0} aumenta para {1}",
    all_in: " (all-in)",
    returned: "{0} não pagas, devolvidas a {1}",
    shows: "{0} mostra {1}: {2}",
    mucks: "{0} não mostra",
    wins_main: "{0} ganha {1} do pote principal",
    wins_side: "{0} ganha {1} do pote lateral {2}",
    with_hand: " com {0}",
    carried: "{0} fica no pote para a próxima mão",
    your_cards: "Suas cartas: {0}",
    dealt_board: "{0}: {1}",
    discards_draws: "{0} troca {1}",
    you_exchange: "Você descarta {0} e recebe {1}",
    stands_pat: "{0} fica com as cartas",
    reshuffled: "Os descartes são embaralhados no baralho",
    rebuys: "{0} recompra por {1}",
    net: "{0}: {1} nesta mão",
    round_starts: "Rodada {0}: centro {1}, próximo {2}",
    places: "{0} coloca {1}",
    scores: "{0} mostra {1}: {2} — {3} pts (total {4})",
    draft_order: "Ordem de escolha: {0}",
    picks: "{0} pega {1}",
    final_ranking: "Classificação final",
    ranking_line: "{0}. {1}  {2} pontos",
    saved: "Salvo: {0}",
    main_pot: "principal",
    side_pot: "lateral",
    session: "Depois de {0} mão(s) você tem {1} fichas por {2} compradas ({3})",
    placed_short: "colocou {0}",
    key_fold: "desistir",
    key_check: "passar",
    key_call: "pagar {0}",
    key_bet: "apostar {0}–{1}",
    key_raise: "aumentar para {0}–{1}",
    key_allin: "all-in {0}",
    key_help: "ajuda",
    key_quit: "sair",
    amount_prompt: "Valor ({0}–{1}): {2}",
    amount_keys: "m mín  h ½ pote  p pote  a all-in  Enter ok  Esc",
    bad_amount: "O valor {0} não é válido: vai de {1} a {2}",
    not_a_number: "`{0}` não é um valor: vai de {1} a {2}",
    ask_place: "Escolha a carta para colocar no centro",
    ask_show: "Escolha as duas cartas para mostrar",
    ask_pick: "Pegue uma carta do monte",
    ask_exchange: "Escolha até {0} cartas para descartar (nenhuma: ficar)",
    ask_showdown: "Mostre a mão ou desista dela",
    cards_keys: "←→ mover  Espaço marcar  Enter escolher",
    exchange_keys: "←→ mover  Espaço marcar  Enter descartar  f desistir",
    choose_n: "Escolha exatamente {0} carta(s)",
    choose_range: "Escolha de {0} a {1} cartas",
    not_a_choice: "`{0}` não é uma das cartas que você pode escolher",
    waiting: "Esperando os outros jogadores…",
    next_hand: "Enter: próxima mão   q: sair",
    game_end: "O jogo acabou. Enter ou q: sair",
    busted_rebuy: "Você ficou sem fichas. Recomprar por {0}? (s/n)",
    busted: "Você ficou sem fichas: a sessão acabou",
    quit_confirm: "Sair do jogo? (s/n)",
    unknown_command: "Comando desconhecido `{0}` — digite ? para ajuda",
    not_now: "Isso não é possível agora",
    best: "Melhor: {0}",
    best_possible: "Melhor par para mostrar: {0} → {1}",
    help_title: "Ajuda",
    help_betting: &[
        "f  desistir       k  passar",
        "c  pagar (ou passar se grátis)",
        "r  apostar / aumentar: digite o valor;",
        "   m mín, h meio pote, p pote, a all-in",
        "a  all-in         Enter  próxima mão",
        "Troca (Draw): ←→ mover, Espaço marcar,",
        "   Enter descarta as cartas marcadas",
        "s / m  mostrar / desistir no showdown",
        "?  esta ajuda     q  sair",
    ],
    help_saint: &[
        "Cada rodada: coloque uma carta no centro,",
        "mostre duas cartas (a mão = exatamente suas",
        "duas cartas + três do centro), depois pegue",
        "cartas do monte, o pior primeiro.",
        "←→  mover o cursor     Espaço  marcar",
        "Enter  colocar / mostrar o par / pegar",
        "?  esta ajuda          q  sair",
    ],
    help_draw: &[
        "Pôquer de cinco cartas, regras alemãs: abrir ou",
        "desistir (sem passar), trocar até 3 cartas.",
        "f desiste a qualquer momento, mesmo fora da vez.",
    ],
    help_plain: &[
        "Comandos: f desistir, k passar, c pagar, r N aumentar",
        "  (r min, r half, r pot, r all), a all-in,",
        "  cartas por nome ou posição (As Kd, 1 2),",
        "  x 1 3 descartar, x ficar, s mostrar, m desistir,",
        "  Enter próxima mão, s/n responder, ? ajuda, q sair",
    ],
};

static DE: Texts = Texts {
    you: "Du",
    hand_no: "Spiel {0}",
    round_of: "Runde {0}/8",
    pot: "Pot {0}",
    board: "Board",
    centre: "Mitte",
    preview: "Nächste",
    pool: "Auswahl",
    your_hand: "Deine Hand",
    log: "Verlauf",
    result: "Ergebnis",
    points: "{0} Pkt",
    seed: "Seed {0}",
    blinds: "Blinds {0}/{1}",
    ante: "Grundeinsatz {0}",
    posts: "{0} setzt {1}",
    posts_ante: "{0} setzt den Grundeinsatz {1}",
    folds: "{0} passt",
    checks: "{0} checkt",
    calls: "{0} geht mit {1}",
    bets: "{0} setzt {1}",
    raises_to: "{0} erhöht auf {1}",
    all_in: " (all-in)",
    returned: "{0} nicht gehalten, zurück an {1}",
    shows: "{0} zeigt {1}: {2}",
    mucks: "{0} wirft weg",
    wins_main: "{0} gewinnt {1} aus dem Hauptpot",
    wins_side: "{0} gewinnt {1} aus Nebenpot {2}",
    with_hand: " mit {0}",
    carried: "{0} bleibt für das nächste Spiel im Pot",
    your_cards: "Deine Karten: {0}",
    dealt_board: "{0}: {1}",
    discards_draws: "{0} tauscht {1}",
    you_exchange: "Du legst {0} ab und ziehst {1}",
    stands_pat: "{0} tauscht nicht",
    reshuffled: "Die abgelegten Karten werden neu gemischt",
    rebuys: "{0} kauft für {1} nach",
    net: "{0}: {1} in diesem Spiel",
    round_starts: "Runde {0}: Mitte {1}, nächste {2}",
    places: "{0} legt {1}",
    scores: "{0} zeigt {1}: {2} — {3} Pkt (gesamt {4})",
    draft_order: "Reihenfolge der Auswahl: {0}",
    picks: "{0} nimmt {1}",
    final_ranking: "Endstand",
    ranking_line: "{0}. {1}  {2} Punkte",
    saved: "Gespeichert: {0}",
    main_pot: "Hauptpot",
    side_pot: "Nebenpot",
    session: "Nach {0} Spiel(en) hast du {1} Chips für {2} gekaufte ({3})",
    placed_short: "legte {0}",
    key_fold: "passen",
    key_check: "checken",
    key_call: "mitgehen {0}",
    key_bet: "setzen {0}–{1}",
    key_raise: "erhöhen auf {0}–{1}",
    key_allin: "all-in {0}",
    key_help: "Hilfe",
    key_quit: "Ende",
    amount_prompt: "Betrag ({0}–{1}): {2}",
    amount_keys: "m Min  h ½ Pot  p Pot  a all-in  Enter ok  Esc",
    bad_amount: "Der Betrag {0} ist nicht erlaubt: erlaubt sind {1} bis {2}",
    not_a_number: "`{0}` ist kein Betrag: erlaubt sind {1} bis {2}",
    ask_place: "Wähle die Karte, die du in die Mitte legst",
    ask_show: "Wähle die zwei Karten, die du zeigst",
    ask_pick: "Nimm eine Karte aus der Auswahl",
    ask_exchange: "Wähle bis zu {0} Karten zum Tauschen (keine: nicht tauschen)",
    ask_showdown: "Zeige deine Hand oder wirf sie weg",
    cards_keys: "←→ bewegen  Leertaste markieren  Enter wählen",
    exchange_keys: "←→ bewegen  Leertaste markieren  Enter tauschen  f passen",
    choose_n: "Wähle genau {0} Karte(n)",
    choose_range: "Wähle {0} bis {1} Karten",
    not_a_choice: "`{0}` gehört nicht zu den Karten, die du wählen kannst",
    waiting: "Warte auf die anderen Spieler…",
    next_hand: "Enter: nächstes Spiel   q: Ende",
    game_end: "Das Spiel ist vorbei. Enter oder q: verlassen",
    busted_rebuy: "Du hast keine Chips mehr. Für {0} nachkaufen? (j/n)",
    busted: "Du hast keine Chips mehr: die Sitzung ist zu Ende",
    quit_confirm: "Spiel beenden? (j/n)",
    unknown_command: "Unbekannter Befehl `{0}` — ? für Hilfe",
    not_now: "Das geht jetzt nicht",
    best: "Beste: {0}",
    best_possible: "Bestes Paar zum Zeigen: {0} → {1}",
    help_title: "Hilfe",
    help_betting: &[
        "f  passen         k  checken",
        "c  mitgehen (oder checken, wenn frei)",
        "r  setzen / erhöhen: Betrag eingeben;",
        "   m Min, h halber Pot, p Pot, a all-in",
        "a  all-in         Enter  nächstes Spiel",
        "Tausch (Draw): ←→ bewegen, Leertaste",
        "   markiert, Enter tauscht die Markierten",
        "s / m  zeigen / wegwerfen im Showdown",
        "?  diese Hilfe    q  Ende",
    ],
    help_saint: &[
        "Jede Runde: eine Karte in die Mitte legen,",
        "zwei Karten zeigen (die Hand = genau deine",
        "zwei Karten + drei aus der Mitte), dann",
        "Karten aus der Auswahl nehmen, Schlechtester zuerst.",
        "←→  Cursor bewegen     Leertaste  markieren",
        "Enter  legen / Paar zeigen / nehmen",
        "?  diese Hilfe         q  Ende",
    ],
    help_draw: &[
        "Five-Card Draw, deutsche Regeln: eröffnen oder",
        "passen (kein Check), bis zu 3 Karten tauschen.",
        "f passt jederzeit, auch wenn du nicht dran bist.",
    ],
    help_plain: &[
        "Befehle: f passen, k checken, c mitgehen, r N erhöhen",
        "  (r min, r half, r pot, r all), a all-in,",
        "  Karten per Name oder Position (As Kd, 1 2),",
        "  x 1 3 tauschen, x nicht tauschen, s zeigen, m wegwerfen,",
        "  Enter nächstes Spiel, j/n antworten, ? Hilfe, q Ende",
    ],
};

/// `line` in the second person when it starts with the human's name (`you`): the templates
/// are written for any player ("{0} raises to {1}"), so "You raises" becomes "You raise",
/// "Tu rilancia" "Tu rilanci", "Du erhöht" "Du erhöhst" (Portuguese "Você" takes the third
/// person already).
pub fn second_person(lang: Lang, line: &str) -> String {
    let you = texts(lang).you;
    let Some(rest) = line.strip_prefix(you).and_then(|r| r.strip_prefix(' ')) else {
        return line.to_string();
    };
    let pairs: &[(&str, &str)] = match lang {
        Lang::En => &[
            ("posts", "post"),
            ("antes", "ante"),
            ("folds", "fold"),
            ("checks", "check"),
            ("calls", "call"),
            ("bets", "bet"),
            ("raises", "raise"),
            ("shows", "show"),
            ("mucks", "muck"),
            ("wins", "win"),
            ("draws", "draw"),
            ("stands", "stand"),
            ("places", "place"),
            ("picks", "pick"),
            ("rebuys", "rebuy"),
        ],
        Lang::It => &[
            ("mette", "metti"),
            ("passa", "passi"),
            ("fa check", "fai check"),
            ("vede", "vedi"),
            ("punta", "punti"),
            ("rilancia", "rilanci"),
            ("mostra", "mostri"),
            ("non mostra", "non mostri"),
            ("vince", "vinci"),
            ("cambia", "cambi"),
            ("è servito", "sei servito"),
            ("ricompra", "ricompri"),
            ("posa", "posi"),
            ("prende", "prendi"),
        ],
        Lang::Pt => &[],
        Lang::De => &[
            ("checkt", "checkst"),
            ("geht mit", "gehst mit"),
            ("erhöht", "erhöhst"),
            ("zeigt", "zeigst"),
            ("wirft weg", "wirfst weg"),
            ("gewinnt", "gewinnst"),
            ("tauscht", "tauschst"),
            ("kauft", "kaufst"),
            ("legt", "legst"),
            ("nimmt", "nimmst"),
        ],
    };
    for (third, second) in pairs {
        if let Some(tail) = rest.strip_prefix(third) {
            if tail.is_empty() || tail.starts_with(' ') {
                return format!("{you} {second}{tail}");
            }
        }
    }
    line.to_string()
}

/// Whether `answer` means yes in any of the four languages (y, s, j, yes, sì, sim, ja).
pub fn is_yes(answer: &str) -> bool {
    matches!(
        answer.trim().to_lowercase().as_str(),
        "y" | "yes" | "s" | "si" | "sì" | "sim" | "j" | "ja"
    )
}

/// Whether `answer` means no (n, no, não, nein).
pub fn is_no(answer: &str) -> bool {
    matches!(
        answer.trim().to_lowercase().as_str(),
        "n" | "no" | "não" | "nao" | "nein"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_numbered_arguments() {
        assert_eq!(fill("{0} calls {1}", &[&"Ana", &200]), "Ana calls 200");
    }

    #[test]
    fn chips_have_thousands_separators() {
        assert_eq!(chips(0), "0");
        assert_eq!(chips(999), "999");
        assert_eq!(chips(10_000), "10,000");
        assert_eq!(chips(1_234_567), "1,234,567");
        assert_eq!(signed(-10_000), "-10,000");
        assert_eq!(signed(1200), "+1,200");
        assert_eq!(signed(0), "+0");
    }

    #[test]
    fn the_humans_actions_read_in_the_second_person() {
        assert_eq!(
            second_person(Lang::En, "You raises to 300"),
            "You raise to 300"
        );
        assert_eq!(
            second_person(Lang::En, "rules#2 raises to 300"),
            "rules#2 raises to 300"
        );
        assert_eq!(second_person(Lang::It, "Tu non mostra"), "Tu non mostri");
        assert_eq!(
            second_person(Lang::De, "Du geht mit 100"),
            "Du gehst mit 100"
        );
        assert_eq!(second_person(Lang::Pt, "Você paga 100"), "Você paga 100");
        assert_eq!(
            second_person(Lang::En, "You: +50 this hand"),
            "You: +50 this hand"
        );
    }

    #[test]
    fn yes_and_no_in_every_language() {
        for y in ["y", "S", "j", "ja", "sim"] {
            assert!(is_yes(y), "{y}");
        }
        for n in ["n", "no", "nein", "não"] {
            assert!(is_no(n), "{n}");
        }
    }
}
