// protocol.d.ts — the wire of docs/protocol.md as TypeScript types, made from
// docs/protocol.schema.json by web/e2e/protocol-types.mjs: do not edit (run it again).
/**
 * How antes count for side pots.
 */
export type Antes = 'live' | 'dead';
/**
 * A card: its rank (2-9, T, J, Q, K, A) and suit (c, d, h, s), `As`.
 */
export type Card = string;
/**
 * The nine hand categories, weakest first.
 */
export type Category =
  | 'high_card'
  | 'one_pair'
  | 'two_pair'
  | 'three_of_a_kind'
  | 'straight'
  | 'flush'
  | 'full_house'
  | 'four_of_a_kind'
  | 'straight_flush';
/**
 * A line of table chat as a client sends it: 1 to `MAX_CHAT` (200) characters once trimmed, no
 * control characters (a line break is one), and none of the characters that change how the
 * rest of a line shows without showing themselves ([`Unshown`]): a line reads as what it is.
 * Clients show it as text, never as markup.
 */
export type ChatText = string;
/**
 * A legal action as a client is told it (JSON tagged by `action`): a bet or raise with its
 * range, a call with its price, an exchange with its largest size.
 */
export type Choice =
  | {
      action: 'check';
    }
  | {
      action: 'fold';
    }
  | {
      action: 'call';
      /**
       * Chips the call puts in.
       */
      amount: number;
    }
  | {
      action: 'bet_or_raise_to';
      /**
       * The largest amount.
       */
      max: number;
      /**
       * The smallest amount.
       */
      min: number;
      presets: PotPresets;
    }
  | {
      action: 'exchange';
      /**
       * The most cards.
       */
      max: number;
    }
  | {
      action: 'show';
    }
  | {
      action: 'muck';
    };
/**
 * Every error code of the protocol.
 */
export type Code =
  | (
      | 'malformed'
      | 'too_large'
      | 'unsupported_version'
      | 'rate_limited'
      | 'unauthenticated'
      | 'no_such_table'
      | 'not_seated'
      | 'already_seated'
      | 'table_full'
      | 'insufficient_chips'
      | 'stale_hand'
      | 'not_your_turn'
      | 'illegal_action'
      | 'invalid_options'
      | 'not_allowed'
      | 'internal'
    )
  | 'bad_reveal'
  | 'unavailable'
  | 'elsewhere';
/**
 * The three games.
 */
export type GameKind = 'holdem' | 'draw' | 'saint';
/**
 * How a Saint Poker hand is formed from the two shown cards and the centre (RULES.md §1,
 * Score).
 */
export type HandRule = 'two_plus_three' | 'any_five';
/**
 * 32 bytes as a client sends them: 64 hex digits (a seed chain's head or element).
 */
export type Hex32 = string;
/**
 * Who decides whether a hand is shown at the showdown.
 */
export type HoldemReveal = 'all_shown' | 'players_choose';
/**
 * One message from a client: the protocol version, the client's sequence number and the
 * request.
 */
export type Intent = {
  /**
   * The client's sequence number (positive).
   */
  seq: number;
  /**
   * The protocol version ([`VERSION`]).
   */
  v: number;
} & Intent1;
export type Intent1 =
  | {
      type: 'hello';
    }
  | {
      type: 'lobby';
    }
  | {
      options: any;
      type: 'create_table';
    }
  | {
      buy_in?: number | null;
      chain?: Hex32 | null;
      seat?: SeatNo | null;
      table: Name;
      type: 'join';
    }
  | {
      head: Hex32;
      table: Name;
      type: 'seed_chain';
    }
  | {
      table: Name;
      type: 'reveal';
      value: Hex32;
    }
  | {
      table: Name;
      type: 'waitlist';
    }
  | {
      table: Name;
      type: 'watch';
    }
  | {
      table: Name;
      type: 'unwatch';
    }
  | {
      table: Name;
      type: 'sit_out';
    }
  | {
      table: Name;
      type: 'sit_in';
    }
  | {
      table: Name;
      type: 'rebuy';
    }
  | {
      table: Name;
      type: 'leave';
    }
  | {
      action: any;
      hand: Name;
      table: Name;
      type: 'act';
    }
  | {
      seat?: SeatNo | null;
      table: Name;
      type: 'change_seat';
    }
  | {
      table: Name;
      type: 'cancel_seat_change';
    }
  | {
      table: Name;
      type: 'add_bot';
    }
  | {
      table: Name;
      text: ChatText;
      type: 'chat';
    };
/**
 * A table seat as a client names it (0–15).
 */
export type SeatNo = number;
/**
 * A table id as a client names it (at most 64 characters).
 */
export type Name = string;
/**
 * How a player who joins now is seated (RULES.md §2 Table: seats at a session's start are drawn
 * by lot; a free seat is never taken around the waiting list).
 */
export type JoinSeat = 'chosen' | 'drawn' | 'list';
/**
 * How large a raise must be at least.
 */
export type MinRaise = 'largest_increment' | 'table_minimum';
/**
 * What happens to the chips a split cannot divide.
 */
export type OddChips = 'one_each_from_left_of_button' | 'all_to_first_left_of_button' | 'stay_in_pot';
/**
 * The phase of a round, as named in errors, views and records.
 */
export type PhaseName = 'place' | 'show' | 'draft' | 'over';
/**
 * When an all-in for less than a full raise lets the players who already acted raise again.
 */
export type Reopen = 'full_raise_since_last_action' | 'poker_kit';
/**
 * A legal action as a client is told it: a pair to show comes with the hand it makes with
 * the centre by the table's hand rule (the engine's one evaluator), so that a client needs no
 * evaluator of its own for its hints.
 */
export type SaintChoice = {
  /**
   * For a show once the centre is complete: the hand the pair makes.
   */
  hand?: ShowHand | null;
} & SaintChoice1;
export type SaintChoice1 =
  | {
      action: 'place';
      /**
       * A card: its rank (2-9, T, J, Q, K, A) and suit (c, d, h, s), `As`.
       */
      card: string;
      /**
       * Who chooses.
       */
      player: number;
    }
  | {
      action: 'show';
      /**
       * Two different cards from their hand.
       *
       * @minItems 2
       * @maxItems 2
       */
      cards: [Card, Card];
      /**
       * Who chooses.
       */
      player: number;
    }
  | {
      action: 'pick';
      /**
       * A card: its rank (2-9, T, J, Q, K, A) and suit (c, d, h, s), `As`.
       */
      card: string;
      /**
       * Who picks.
       */
      player: number;
    };
/**
 * Why a player's seat was freed without their asking.
 */
export type SeatLost = 'missed_hands';
/**
 * What a seated player is doing.
 */
export type SeatStatus = 'playing' | 'waiting' | 'sitting_out' | 'buying_in' | 'leaving';
/**
 * Everything the server sends a client, tagged by `type` (docs/protocol.md). The game's parts
 * of a `table_state` are typed by the server (`G::View`, `G::Choices`, `G::Event`) and read as
 * JSON values by clients (the defaults).
 */
export type ServerMessage =
  | {
      result: AckResult1;
      /**
       * The intent's `seq`.
       */
      seq?: number | null;
      type: 'ack';
      /**
       * The protocol version.
       */
      v: number;
    }
  | {
      /**
       * `elsewhere`: the WebSocket URL of the node that plays the table.
       */
      at?: string | null;
      /**
       * What kind of refusal.
       */
      code:
        | (
            | 'malformed'
            | 'too_large'
            | 'unsupported_version'
            | 'rate_limited'
            | 'unauthenticated'
            | 'no_such_table'
            | 'not_seated'
            | 'already_seated'
            | 'table_full'
            | 'insufficient_chips'
            | 'stale_hand'
            | 'not_your_turn'
            | 'illegal_action'
            | 'invalid_options'
            | 'not_allowed'
            | 'internal'
          )
        | 'bad_reveal'
        | 'unavailable'
        | 'elsewhere';
      /**
       * Why, and what would be accepted.
       */
      message: string;
      /**
       * The intent's `seq`, when it could be read.
       */
      seq?: number | null;
      type: 'error';
      /**
       * The protocol version.
       */
      v: number;
    }
  | {
      /**
       * Every open table.
       */
      tables: TableSummary[];
      type: 'lobby';
      /**
       * The protocol version.
       */
      v: number;
    }
  | {
      table: TableSummary1;
      type: 'lobby_update';
      /**
       * The protocol version.
       */
      v: number;
    }
  | {
      /**
       * Its id.
       */
      table: string;
      type: 'table_closed';
      /**
       * The protocol version.
       */
      v: number;
    }
  | {
      /**
       * Its id.
       */
      table: string;
      type: 'table_moved';
      /**
       * The protocol version.
       */
      v: number;
    }
  | {
      type: 'logged_out';
      /**
       * The protocol version.
       */
      v: number;
    }
  | (TableState & {
      type: 'table_state';
    })
  | {
      /**
       * The lines, oldest first.
       */
      lines: ChatLine[];
      /**
       * The table.
       */
      table: string;
      type: 'chat';
      /**
       * The protocol version.
       */
      v: number;
    };
/**
 * The order in which hands are turned at the showdown.
 */
export type ShowdownOrder = 'first_to_act_last_round' | 'last_aggressor_first';
/**
 * The public stage of a hand, for views.
 */
export type Stage = 'first_betting' | 'exchange' | 'second_betting' | 'showdown' | 'over';
/**
 * The four betting rounds.
 */
export type Street = 'preflop' | 'flop' | 'turn' | 'river';
/**
 * The betting structure (a table setting, RULES.md §2).
 */
export type Structure = 'no_limit' | 'pot_limit' | 'fixed_limit';
/**
 * Where a table is, as the lobby says.
 */
export type TableStatus = 'waiting' | 'playing' | 'closed';
/**
 * How hands of the same category are compared (RULES.md §0).
 */
export type TieBreak = 'standard' | 'german';
/**
 * Where a tournament is in its life.
 */
export type TournamentStatus = 'registering' | 'running' | 'finished' | 'cancelled';

export interface TheTavoloCardRoomProtocolVersion1DocsProtocolMd {
  AckResult?: AckResult;
  Antes?: Antes;
  ApiError?: ApiError;
  ApiErrorBody?: ApiErrorBody1;
  Card?: Card;
  Category?: Category;
  ChainView?: ChainView;
  ChatLine?: ChatLine;
  ChatText?: ChatText;
  Choice?: Choice;
  ClockView?: ClockView;
  Code?: Code;
  DealRequest?: DealRequest;
  DrawRules?: DrawRules;
  DrawView?: DrawView;
  Fairness?: Fairness;
  GameKind?: GameKind;
  HandRule?: HandRule;
  HandValue?: HandValue;
  HandView?: HandView;
  Health?: Health;
  Hex32?: Hex32;
  HistoryItem?: HistoryItem;
  HistoryReply?: HistoryReply;
  HoldemReveal?: HoldemReveal;
  HoldemRules?: HoldemRules1;
  Intent?: Intent;
  JoinSeat?: JoinSeat;
  Legal?: Legal;
  LimitCap?: LimitCap;
  MinRaise?: MinRaise;
  Name?: Name;
  NewSitAndGo?: NewSitAndGo;
  OddChips?: OddChips;
  Parts?: Parts;
  PhaseName?: PhaseName;
  PickRecord?: PickRecord;
  PotPresets?: PotPresets1;
  PotResult?: PotResult;
  PotShown?: PotShown;
  Previous?: Previous;
  RaiseCap?: RaiseCap1;
  RaiseRange?: RaiseRange;
  Reopen?: Reopen;
  ReplayReply?: ReplayReply;
  ReplayStep?: ReplayStep;
  Reveal?: Reveal;
  RevealedHand?: RevealedHand;
  SaintChoice?: SaintChoice;
  SaintOptions?: SaintOptions;
  SaintStep?: SaintStep;
  SaintView?: SaintView;
  SeatChange?: SeatChange;
  SeatLost?: SeatLost;
  SeatNo?: SeatNo;
  SeatRow?: SeatRow;
  SeatStatus?: SeatStatus;
  ServerMessage?: ServerMessage;
  Share?: Share;
  ShowHand?: ShowHand;
  ShowdownOrder?: ShowdownOrder;
  ShownHand?: ShownHand;
  Stage?: Stage;
  StepPot?: StepPot;
  StepResult?: StepResult;
  StepSeat?: StepSeat;
  Street?: Street;
  Structure?: Structure;
  SwissStanding?: SwissStanding;
  SwissTable?: SwissTable;
  TableOptions?: TableOptions1;
  TableState?: TableState;
  TableStatus?: TableStatus;
  TableSummary?: TableSummary;
  TablesReply?: TablesReply;
  TieBreak?: TieBreak;
  TournamentAddOn?: TournamentAddOn;
  TournamentAnswer?: TournamentAnswer;
  TournamentCreated?: TournamentCreated;
  TournamentDeal?: TournamentDeal;
  TournamentDealShare?: TournamentDealShare;
  TournamentDetail?: TournamentDetail;
  TournamentEntrant?: TournamentEntrant;
  TournamentLevel?: TournamentLevel;
  TournamentLine?: TournamentLine1;
  TournamentMe?: TournamentMe;
  TournamentNotice?: TournamentNotice;
  TournamentStatus?: TournamentStatus;
  TournamentSwiss?: TournamentSwiss;
  TournamentView?: TournamentView;
  TournamentsReply?: TournamentsReply;
  UserInfo?: UserInfo;
  UserReply?: UserReply;
  VoidReasonCount?: VoidReasonCount;
  VoidedPlayer?: VoidedPlayer;
  VoidedReport?: VoidedReport1;
  VoidedTable?: VoidedTable;
  You?: You1;
}
/**
 * What an intent gave (`ack.result`): each field is there only for the intents that give it
 * (docs/protocol.md lists them); `{}` for the others.
 */
export interface AckResult {
  /**
   * `leave` during a hand: you leave when it ends.
   */
  leaving?: boolean | null;
  /**
   * `leave` of a guest: this many of the chips cashed out went back to the house, because
   * they took the guest beyond the room's guest cap (chips received from others; see
   * docs/operations.md, `--guest-max-chips`).
   */
  over_guest_cap?: number | null;
  /**
   * `join`, `rebuy`, `leave`, `add_bot`: accepted, but the books have not recorded the chips
   * yet (they do not answer now): the table sends it again until they do, and the table's
   * state shows it meanwhile (`you.cashing_out`, a seat `buying_in`, `stalled`).
   */
  pending?: boolean | null;
  /**
   * `hello`: the protocol version.
   */
  protocol?: number | null;
  /**
   * `join`, `change_seat`, a funded rebuy's seat: the table seat you have.
   */
  seat?: number | null;
  /**
   * `change_seat` when no seat is free now: your place among the pending requests.
   */
  seat_change?: number | null;
  /**
   * `leave` (the stack cashed out) and `rebuy` (the stack bought).
   */
  stack?: number | null;
  /**
   * `create_table`: the new table's id.
   */
  table?: string | null;
  /**
   * `hello`: who you are.
   */
  user?: UserInfo | null;
  /**
   * `join` or `waitlist` when the table is full: your place on the waiting list (1 first).
   */
  waiting?: number | null;
}
/**
 * A user as the protocol shows them (`hello`, `/api/me`, `/api/login`, …).
 */
export interface UserInfo {
  /**
   * Chips in the account.
   */
  balance: number;
  /**
   * Whether a bot.
   */
  bot: boolean;
  /**
   * Whether a guest account.
   */
  guest: boolean;
  /**
   * The account's id.
   */
  id: number;
  /**
   * The name.
   */
  name: string;
}
/**
 * `{"error": {"code", "message"}}` with a 4xx or 5xx status.
 */
export interface ApiError {
  error: ApiErrorBody;
}
/**
 * What went wrong.
 */
export interface ApiErrorBody {
  /**
   * A code (`unauthenticated`, `rate_limited`, `not_found`, …).
   */
  code: string;
  /**
   * Why.
   */
  message: string;
}
/**
 * The body of an [`ApiError`].
 */
export interface ApiErrorBody1 {
  /**
   * A code (`unauthenticated`, `rate_limited`, `not_found`, …).
   */
  code: string;
  /**
   * Why.
   */
  message: string;
}
/**
 * The viewer's seed chain at the table.
 */
export interface ChainView {
  /**
   * Whether a reveal waits for the next deal.
   */
  pending: boolean;
  /**
   * How many of the chain's elements have been mixed into hands.
   */
  used: number;
}
/**
 * A line of table chat. Chat is never part of a hand's record.
 */
export interface ChatLine {
  /**
   * When it was written, ms since the Unix epoch.
   */
  at_ms: number;
  /**
   * Grows by one per line at the table.
   */
  id: number;
  /**
   * Their name.
   */
  name: string;
  /**
   * Their table seat (none: a spectator).
   */
  seat?: number | null;
  /**
   * The text, to show as text.
   */
  text: string;
  /**
   * Who wrote it (the user id, for muting).
   */
  user: number;
}
/**
 * The pot-size amounts to offer (½, ¾ and the whole pot), inside the range: a client
 * shows these rather than computing its own.
 */
export interface PotPresets {
  /**
   * Half the pot.
   */
  half_pot: number;
  /**
   * The whole pot.
   */
  pot: number;
  /**
   * Three quarters of the pot.
   */
  three_quarter_pot: number;
}
/**
 * The clock of the seat to act.
 */
export interface ClockView {
  /**
   * The time bank left after it, ms.
   */
  bank_ms: number;
  /**
   * When the decision clock runs out, ms since the Unix epoch.
   */
  deadline_ms: number;
  /**
   * Whose (none in a simultaneous phase: the viewer's own).
   */
  seat?: number | null;
}
/**
 * `POST /api/tournaments/{id}/deal`: exactly one of `propose` (`icm` or `chop`, with
 * `keep_back` if any) or `accept`.
 */
export interface DealRequest {
  /**
   * Accept (true) or decline the deal proposed.
   */
  accept?: boolean | null;
  /**
   * With `propose`: the prize money kept back to play for, whole chips from 0 (the default:
   * none) up to the prize money left; the winner of the play that follows takes it.
   */
  keep_back?: number | null;
  /**
   * Propose a deal of this kind: `icm` or `chop`.
   */
  propose?: string | null;
}
/**
 * A table's Five-Card Draw ruleset. [`DrawRules::default`] is RULES.md §3.
 */
export interface DrawRules {
  /**
   * Whether a player may check before the betting is opened (RULES.md: no — open or fold;
   * the option is "as most other draw games do").
   */
  allow_check?: boolean;
  /**
   * The minimum raise (RULES.md: the table minimum, i.e. the ante, on top of the call).
   */
  min_raise?: 'largest_increment' | 'table_minimum';
  /**
   * What happens to chips a split cannot divide (RULES.md: they stay in the pot for the next
   * hand).
   */
  odd_chips?: 'one_each_from_left_of_button' | 'all_to_first_left_of_button' | 'stay_in_pot';
  /**
   * How hands of the same category compare (RULES.md: German).
   */
  tie_break?: 'standard' | 'german';
}
/**
 * One seat's view of a hand (or a spectator's, with `seat: None`). Other seats' cards,
 * discards and draws never appear; a hand appears once shown at the showdown.
 */
export interface DrawView {
  /**
   * The ante (the table minimum).
   */
  ante: number;
  /**
   * This round's bet in front of each seat.
   */
  bets: number[];
  /**
   * The pot carried in from the previous hand.
   */
  carried_in: number;
  /**
   * Chips left in the pot for the next hand (after the hand).
   */
  carried_out: number;
  /**
   * The cutter's seat (first to act).
   */
  cutter: number;
  /**
   * The dealer's seat.
   */
  dealer: number;
  /**
   * Cards in the deck (the bottom card not counted) and in the discard pile.
   */
  deck_cards: number;
  /**
   * Cards in the discard pile.
   */
  discard_pile: number;
  /**
   * The cards the viewer laid down in the exchange.
   */
  discarded: Card[];
  /**
   * The cards the viewer received, in serving order.
   */
  drawn: Card[];
  /**
   * The announced exchange count of each seat (`None`: not yet exchanged).
   */
  exchange_counts: (number | null)[];
  /**
   * The viewer's five cards (empty for a spectator), lowest first.
   */
  hand: Card[];
  /**
   * Whether each seat is still in the hand.
   */
  live: boolean[];
  /**
   * Whether the viewer may fold now (any moment of the betting and the exchange).
   */
  may_fold: boolean;
  /**
   * Whether the hand is over.
   */
  over: boolean;
  /**
   * Everything in the middle, the carried-in pot included.
   */
  pot: number;
  /**
   * The main pot (the carried-in pot in it) and the side pots in the middle, with who may
   * win each (this round's bets join them when the round ends).
   */
  pots: PotShown[];
  /**
   * How often the discards were reshuffled.
   */
  reshuffles: number;
  rules: DrawRules1;
  /**
   * Whose view this is.
   */
  seat?: number | null;
  /**
   * Shown hands, per seat (`None`: not shown).
   */
  shown: (Card[] | null)[];
  /**
   * Chips behind, per seat.
   */
  stacks: number[];
  /**
   * Where the hand is.
   */
  stage: 'first_betting' | 'exchange' | 'second_betting' | 'showdown' | 'over';
  /**
   * The seat to act (betting, exchange or showdown).
   */
  to_act?: number | null;
  /**
   * Chips won per seat (after the hand).
   */
  won: number[];
}
/**
 * A pot as players see it: its chips and the seats that may still win it.
 */
export interface PotShown {
  /**
   * Its chips.
   */
  amount: number;
  /**
   * The seats that may win it, in seat order.
   */
  eligible: number[];
}
/**
 * The table's rules (checks, tie-break, minimum raise, odd chips).
 */
export interface DrawRules1 {
  /**
   * Whether a player may check before the betting is opened (RULES.md: no — open or fold;
   * the option is "as most other draw games do").
   */
  allow_check?: boolean;
  /**
   * The minimum raise (RULES.md: the table minimum, i.e. the ante, on top of the call).
   */
  min_raise?: 'largest_increment' | 'table_minimum';
  /**
   * What happens to chips a split cannot divide (RULES.md: they stay in the pot for the next
   * hand).
   */
  odd_chips?: 'one_each_from_left_of_button' | 'all_to_first_left_of_button' | 'stay_in_pot';
  /**
   * How hands of the same category compare (RULES.md: German).
   */
  tie_break?: 'standard' | 'german';
}
/**
 * `GET /api/fairness/{id}`: the commitment for anyone; for the hand's players once it is
 * over, the seed, its parts and (a `tavolo-fair/3` bundle; `/1` or `/2` for older hands) the
 * record with its transcript.
 */
export interface Fairness {
  /**
   * SHA-256 of the seed, hex.
   */
  commitment: string;
  /**
   * `tavolo-fair/3` when the record is included with the transcript its viewers were sent
   * when it ended; `tavolo-fair/2` or `/1` for hands finished before transcripts.
   */
  format?: string | null;
  /**
   * The game.
   */
  game: string;
  /**
   * `h-123`.
   */
  hand: string;
  /**
   * The hand's id again (for `tavolo verify`).
   */
  id?: string | null;
  /**
   * The parts the seed was mixed from (`tavolo-fair/2`; players only, once over).
   */
  parts?: Parts | null;
  /**
   * The record.
   */
  record?: string | null;
  /**
   * `phh`, `draw-json` or `saint-json`.
   */
  record_format?: string | null;
  /**
   * The seed, hex (players only, once the hand is over).
   */
  seed?: string | null;
  /**
   * `playing`, `finished` or `voided`.
   */
  status: string;
  /**
   * The transcript sent to everybody who saw the table when the hand ended (`tavolo-fair/3`,
   * hex): the SHA-256 binding the record to the commitment and the seed.
   */
  transcript?: string | null;
}
/**
 * The parts of a `tavolo-fair/2` seed, as stored with the hand and shown to its players.
 */
export interface Parts {
  /**
   * The players' reveals, in seat order (players without a chain, or who sent none, are
   * absent).
   */
  reveals: Reveal[];
  /**
   * The room's part `S`, hex: its SHA-256 is the hand's commitment.
   */
  room: string;
}
/**
 * One player's part of a seed.
 */
export interface Reveal {
  /**
   * The chain element it extends (`SHA-256(value)`): the head sent with `join` or
   * `seed_chain` for a chain's first reveal, the previous reveal after that.
   */
  extends: string;
  /**
   * The player's table seat.
   */
  seat: number;
  /**
   * The chain element revealed, hex.
   */
  value: string;
}
/**
 * A hand's value as codes: its category (`one_pair`, …, `royal_flush`) and its deciding
 * ranks, most significant first (`["K", "9", "4", "2"]`) — the cards crate's `HandCode`.
 */
export interface HandValue {
  /**
   * The category's code.
   */
  category: string;
  /**
   * The deciding ranks, as rank characters.
   */
  ranks: string[];
}
/**
 * One seat's view of a hand (or a spectator's, with `seat: None`). Other seats' hole cards
 * appear only once shown at the showdown.
 */
export interface HandView {
  /**
   * This round's bet in front of each seat.
   */
  bets: number[];
  /**
   * Limit's big bet (turn and river).
   */
  big_bet: number;
  /**
   * The board cards dealt so far (0, 3, 4 or 5).
   */
  board: Card[];
  /**
   * The button seat.
   */
  button: number;
  /**
   * Hole cards this viewer may see, per seat (`None`: hidden or unknown).
   */
  hole: [Card | null, Card | null][];
  /**
   * The viewer's legal choices, when it is the viewer's turn to bet.
   */
  legal?: Legal | null;
  /**
   * Whether each seat is still in the hand.
   */
  live: boolean[];
  /**
   * The minimum bet: the big blind (No-Limit, Pot-Limit) or the small bet (Limit).
   */
  min_bet: number;
  /**
   * Whether the hand is over.
   */
  over: boolean;
  /**
   * Everything in the middle (pots and bets).
   */
  pot: number;
  /**
   * The main pot and the side pots in the middle, with who may win each (this round's bets
   * join them when the round ends).
   */
  pots: PotShown[];
  rules: HoldemRules;
  /**
   * Whose view this is.
   */
  seat?: number | null;
  /**
   * Chips behind, per seat.
   */
  stacks: number[];
  /**
   * The current street.
   */
  street: 'preflop' | 'flop' | 'turn' | 'river';
  /**
   * The seat to act in a betting round.
   */
  to_act?: number | null;
  /**
   * Chips won per seat (after the hand).
   */
  won: number[];
}
/**
 * Exactly what the player to act may do.
 */
export interface Legal {
  /**
   * The chips a call puts in (capped by the stack), when calling is allowed.
   */
  call?: number | null;
  /**
   * Whether checking is allowed.
   */
  check: boolean;
  /**
   * Folding is always allowed to the player to act.
   */
  fold: boolean;
  /**
   * The bet/raise range, when betting or raising is allowed.
   */
  raise?: RaiseRange | null;
  /**
   * The seat to act.
   */
  seat: number;
}
/**
 * The amounts a bet or raise may go to.
 */
export interface RaiseRange {
  /**
   * The largest legal "to" amount.
   */
  max_to: number;
  /**
   * The smallest legal "to" amount (an all-in for less counts: then it equals the max).
   */
  min_to: number;
}
/**
 * The table's rules (structure, minimum raise, …).
 */
export interface HoldemRules {
  /**
   * How antes count.
   */
  antes: 'live' | 'dead';
  /**
   * Whether the big blind counts as the first bet towards the Limit cap pre-flop
   * (RULES.md: yes, "at most four bets, the blind counting as the first"; PokerKit: no).
   */
  blind_counts_as_bet: boolean;
  /**
   * Before the pots are split, kill the hands that cannot win any pot, so that pots which
   * differed only by those hands merge (PokerKit's convention). It moves odd chips only.
   */
  kill_losing_hands: boolean;
  limit_cap: RaiseCap;
  /**
   * The minimum-raise rule.
   */
  min_raise: 'largest_increment' | 'table_minimum';
  /**
   * What happens to odd chips of a split pot.
   */
  odd_chips: 'one_each_from_left_of_button' | 'all_to_first_left_of_button' | 'stay_in_pot';
  /**
   * When a short all-in reopens the betting.
   */
  reopen: 'full_raise_since_last_action' | 'poker_kit';
  /**
   * Who decides to show.
   */
  reveal: 'all_shown' | 'players_choose';
  /**
   * Who turns their hand first at the showdown.
   */
  showdown_order: 'first_to_act_last_round' | 'last_aggressor_first';
  /**
   * No-Limit, Pot-Limit or Limit.
   */
  structure: 'no_limit' | 'pot_limit' | 'fixed_limit';
}
/**
 * The cap on bets and raises in Limit (ignored by the other structures).
 */
export interface RaiseCap {
  /**
   * No cap while only two players remain in the hand (RULES.md: yes; PokerKit: no).
   */
  lifted_heads_up: boolean;
  /**
   * The most bets (the opening bet and each raise) in a round, forced bets included where
   * [`RoundRules::forced_bets`] says so. RULES.md: 4 (a bet and three raises).
   */
  max_bets: number;
}
/**
 * `GET /healthz`.
 */
export interface Health {
  /**
   * Why the database cannot be written: the last failed write's error, until a write
   * succeeds again.
   */
  cause?: string | null;
  /**
   * `sqlite` or `postgres`.
   */
  db: string;
  /**
   * Several nodes: the node drains (`status` is then `draining`, with 503: a load
   * balancer sends it nothing new, though it is alive — `/livez` says so).
   */
  draining?: boolean;
  /**
   * Several nodes: this node's id.
   */
  node?: string | null;
  /**
   * `ok`, or `unavailable` (with status 503) while the database cannot be written, or
   * `read_only` (503) when the room started while it could not be written and deals nothing
   * until it can (also `draining`, several nodes).
   */
  status: string;
}
/**
 * One hand or game of `GET /api/history`.
 */
export interface HistoryItem {
  /**
   * Unix seconds, once over.
   */
  finished_at?: number | null;
  /**
   * `holdem`, `draw` or `saint`.
   */
  game: string;
  /**
   * `h-123`.
   */
  id: string;
  /**
   * The user's chips won or lost, once over.
   */
  result?: number | null;
  /**
   * The user's table seat.
   */
  seat: number;
  /**
   * Unix seconds.
   */
  started_at: number;
  /**
   * `playing`, `finished` or `voided`.
   */
  status: string;
  /**
   * The table.
   */
  table: string;
  /**
   * The table's name.
   */
  table_name: string;
  /**
   * Why it was voided, as recorded when it was (voided hands only; absent for hands voided
   * before reasons were recorded).
   */
  void_reason?: string | null;
}
/**
 * `GET /api/history`.
 */
export interface HistoryReply {
  /**
   * Newest first.
   */
  items: HistoryItem[];
  voided?: VoidedReport;
}
/**
 * The user's voided hands over the whole history, per table and per other player: the
 * operator cannot steer a deal but can veto one by voiding it, so a pattern shows here.
 */
export interface VoidedReport {
  /**
   * Other players with whom at least one of the user's hands was voided.
   */
  players: VoidedPlayer[];
  /**
   * Tables where at least one of the user's hands was voided.
   */
  tables: VoidedTable[];
}
/**
 * The user's hands with another player, and how many were voided.
 */
export interface VoidedPlayer {
  /**
   * Hands over that both were dealt in.
   */
  hands: number;
  /**
   * The other player's name.
   */
  name: string;
  /**
   * Of those, voided.
   */
  voided: number;
}
/**
 * The user's voided hands at one table.
 */
export interface VoidedTable {
  /**
   * The user's hands there that are over.
   */
  hands: number;
  /**
   * The reasons recorded, most frequent first (`reason` absent: voided before reasons were
   * recorded).
   */
  reasons: VoidReasonCount[];
  /**
   * The table.
   */
  table: string;
  /**
   * Of those, voided.
   */
  voided: number;
}
/**
 * A reason and how many hands it voided.
 */
export interface VoidReasonCount {
  /**
   * Hands.
   */
  hands: number;
  /**
   * The reason, as recorded.
   */
  reason?: string | null;
}
/**
 * A table's Hold'em ruleset. [`HoldemRules::default`] is RULES.md §2 with No-Limit.
 */
export interface HoldemRules1 {
  /**
   * How antes count.
   */
  antes: 'live' | 'dead';
  /**
   * Whether the big blind counts as the first bet towards the Limit cap pre-flop
   * (RULES.md: yes, "at most four bets, the blind counting as the first"; PokerKit: no).
   */
  blind_counts_as_bet: boolean;
  /**
   * Before the pots are split, kill the hands that cannot win any pot, so that pots which
   * differed only by those hands merge (PokerKit's convention). It moves odd chips only.
   */
  kill_losing_hands: boolean;
  limit_cap: RaiseCap;
  /**
   * The minimum-raise rule.
   */
  min_raise: 'largest_increment' | 'table_minimum';
  /**
   * What happens to odd chips of a split pot.
   */
  odd_chips: 'one_each_from_left_of_button' | 'all_to_first_left_of_button' | 'stay_in_pot';
  /**
   * When a short all-in reopens the betting.
   */
  reopen: 'full_raise_since_last_action' | 'poker_kit';
  /**
   * Who decides to show.
   */
  reveal: 'all_shown' | 'players_choose';
  /**
   * Who turns their hand first at the showdown.
   */
  showdown_order: 'first_to_act_last_round' | 'last_aggressor_first';
  /**
   * No-Limit, Pot-Limit or Limit.
   */
  structure: 'no_limit' | 'pot_limit' | 'fixed_limit';
}
/**
 * The cap on bets in a round of a Limit table (RULES.md §2 Betting structures).
 */
export interface LimitCap {
  /**
   * No cap while two players remain.
   */
  lifted_heads_up: boolean;
  /**
   * The most bets a round: the opening bet (or the blind) and the raises.
   */
  max_bets: number;
}
/**
 * `POST /api/tournaments`: a sit-and-go of No-Limit Hold'em or Five-Card Draw that starts when
 * `players` have registered; `bots` of its seats are taken by bots at once.
 */
export interface NewSitAndGo {
  /**
   * Their level (`beginner`, `regular`, `strong`; default `regular`).
   */
  bot_level?: string | null;
  /**
   * Bots entered at once (fewer than `players`).
   */
  bots?: number;
  /**
   * What an entry puts in the prize pool (a Swiss event: none).
   */
  entry?: number;
  /**
   * What an entry pays the house (default 0).
   */
  fee?: number;
  /**
   * The game: `holdem` (the default), `draw`, or `saint` (a free Swiss event of Saint Poker:
   * no entry, fee, speed or seats; `rounds` and `knockout` apply).
   */
  game?: string | null;
  /**
   * Levels by hands (RULES.md §5, "Levels and the clock"): each level lasts this many hands
   * at each table (1 to 1,000; the tournament moves on with the slowest table), the speed's
   * blinds and breaks kept. Absent: levels by time, the speed's minutes.
   */
  hands_per_level?: number | null;
  /**
   * A Swiss event's elimination variant: the top 1 or 2 of each table go on, to a final
   * table of 4 or 5 (`rounds` does not apply).
   */
  knockout?: number | null;
  /**
   * Its name (a default from the room otherwise).
   */
  name?: string | null;
  /**
   * Entries it starts with (2 to 1,000; a Swiss event 3 to 100).
   */
  players: number;
  /**
   * A Swiss event's rounds (1 to 20; default ⌈log₂ N⌉ + 1 of the N who start).
   */
  rounds?: number | null;
  /**
   * Seats a table (2 to 10, Draw 2 to 8; default 9, Draw 8).
   */
  seats?: number | null;
  /**
   * `regular`, `turbo` (the default) or `hyper`.
   */
  speed?: string | null;
}
/**
 * One draft pick.
 */
export interface PickRecord {
  /**
   * A card: its rank (2-9, T, J, Q, K, A) and suit (c, d, h, s), `As`.
   */
  card: string;
  /**
   * Who picked.
   */
  player: number;
}
/**
 * The pot-size bets a player is offered, each already inside the legal range.
 */
export interface PotPresets1 {
  /**
   * Half the pot.
   */
  half_pot: number;
  /**
   * The whole pot.
   */
  pot: number;
  /**
   * Three quarters of the pot.
   */
  three_quarter_pot: number;
}
/**
 * A pot and who won it.
 */
export interface PotResult {
  /**
   * Its chips paid out.
   */
  amount: number;
  /**
   * 0 is the main pot.
   */
  pot: number;
  /**
   * Who won which share.
   */
  winners: Share[];
}
/**
 * Chips to a seat.
 */
export interface Share {
  /**
   * Chips.
   */
  amount: number;
  /**
   * The seat.
   */
  seat: number;
}
/**
 * The hand before.
 */
export interface Previous {
  /**
   * Its name.
   */
  hand: string;
  /**
   * The parts the seed was mixed from (`tavolo-fair/2`), for those dealt in.
   */
  parts?: Parts | null;
  /**
   * Its seed (hex), for those dealt in: they can check the commitment.
   */
  seed?: string | null;
  /**
   * Its transcript (`tavolo-fair/3`, 64 hex digits), for everybody who sees the table: the
   * SHA-256 binding its whole record (every action, the result) to the commitment and the
   * seed. Keep it: `tavolo verify --transcript` and the history page check that the record
   * served later is the hand played.
   */
  transcript?: string | null;
}
/**
 * A limit on the number of bets and raises in one round.
 */
export interface RaiseCap1 {
  /**
   * No cap while only two players remain in the hand (RULES.md: yes; PokerKit: no).
   */
  lifted_heads_up: boolean;
  /**
   * The most bets (the opening bet and each raise) in a round, forced bets included where
   * [`RoundRules::forced_bets`] says so. RULES.md: 4 (a bet and three raises).
   */
  max_bets: number;
}
/**
 * The replay of one stored hand (Hold'em, Five-Card Draw) or game (Saint Poker).
 */
export interface ReplayReply {
  /**
   * The button (Hold'em) or the dealer (Five-Card Draw).
   */
  button?: number | null;
  /**
   * `holdem`, `draw` or `saint`.
   */
  game: string;
  /**
   * `h-123`.
   */
  hand: string;
  /**
   * The players' names, by the record's seat (empty where the record names nobody).
   */
  players: string[];
  /**
   * Whether every card dealt is shown (`reveal=all`), not only the asker's and those shown.
   */
  revealed: boolean;
  /**
   * The steps: the deal, then one per action (Saint Poker: per place, show and pick).
   */
  steps: ReplayStep[];
  /**
   * The asker's seat among them, when found.
   */
  viewer?: number | null;
}
/**
 * The table after one step.
 */
export interface ReplayStep {
  /**
   * The board (Hold'em) or the centre, or the draft's pool (Saint Poker).
   */
  board: string[];
  /**
   * The engine's events of this step (as the live table sends them, hidden cards `null`).
   */
  events: any[];
  /**
   * Everything in the middle and bet; at the end, what was paid out.
   */
  pot: number;
  /**
   * The pots in the middle, main pot first (this round's bets not yet in them); empty once
   * they are paid out.
   */
  pots: StepPot[];
  /**
   * At the last step of a finished hand: who won what, and every hand shown.
   */
  result?: StepResult | null;
  /**
   * Saint Poker: the round (1–7; 8 once the game is over), the preview and the draft's order.
   */
  saint?: SaintStep | null;
  /**
   * Each seat, by the record's seat.
   */
  seats: StepSeat[];
  /**
   * The seat to act next, in a betting round or an exchange.
   */
  to_act?: number | null;
}
/**
 * A pot in the middle.
 */
export interface StepPot {
  /**
   * Its chips.
   */
  amount: number;
  /**
   * The seats that may win it.
   */
  eligible: number[];
}
/**
 * The end of a hand.
 */
export interface StepResult {
  /**
   * Chips left in the middle for the next hand (odd chips, an unclaimed pot).
   */
  carried: number;
  /**
   * Every hand shown, with its value by the engine's evaluator and the game's tie-break.
   */
  hands: ShownHand[];
  /**
   * Saint Poker: each player's place (1 first) and final points.
   */
  places?: number[] | null;
  /**
   * Each pot paid out, main pot first, with its winners (several: a split pot).
   */
  pots: PotResult[];
  /**
   * Uncalled chips given back.
   */
  returned: Share[];
}
/**
 * A hand shown and its value: the category's code, the deciding ranks that count under the
 * game's tie-break (German draw: one pair by the pair and its highest kicker, a full house by
 * its three) and the five cards that make it, in the order that describes it.
 */
export interface ShownHand {
  /**
   * The five cards.
   */
  cards: string[];
  /**
   * The category's code (`one_pair`, …, `straight_flush`).
   */
  category: string;
  /**
   * Saint Poker: the points the hand scored.
   */
  points?: number | null;
  /**
   * The deciding ranks, as rank characters, most significant first.
   */
  ranks: string[];
  /**
   * The seat.
   */
  seat: number;
  /**
   * The cards the seat showed (Hold'em: its two hole cards; Saint Poker: its pair).
   */
  shown: string[];
}
/**
 * Saint Poker's round at a step.
 */
export interface SaintStep {
  /**
   * The draft's order, during the draft.
   */
  order?: number[] | null;
  /**
   * The player picking at this step.
   */
  picking?: number | null;
  /**
   * The next round's centre, shown in advance.
   */
  preview: string[];
  /**
   * The round (1–7), 0 before the first, 8 once the game is over.
   */
  round: number;
}
/**
 * One seat at a step.
 */
export interface StepSeat {
  /**
   * All-in.
   */
  all_in: boolean;
  /**
   * This round's bet in front of the seat.
   */
  bet: number;
  /**
   * The cards held: a card, or `null` face down.
   */
  cards: (string | null)[];
  /**
   * Five-Card Draw: how many cards were exchanged, once the seat has.
   */
  exchanged?: number | null;
  /**
   * Folded.
   */
  folded: boolean;
  /**
   * Saint Poker: the pair shown this round, with its value and points.
   */
  hand?: ShownHand | null;
  /**
   * Mucked at the showdown.
   */
  mucked: boolean;
  /**
   * Saint Poker: the card placed this round.
   */
  placed?: string | null;
  /**
   * Saint Poker: the points so far.
   */
  points?: number | null;
  /**
   * Shown at the table (by this step).
   */
  shown: boolean;
  /**
   * Chips behind (Saint Poker: 0).
   */
  stack: number;
}
/**
 * A shown pair once revealed, with the hand it made and its points.
 */
export interface RevealedHand {
  /**
   * The two shown cards.
   *
   * @minItems 2
   * @maxItems 2
   */
  cards: [Card, Card];
  /**
   * The hand's category.
   */
  category:
    | 'high_card'
    | 'one_pair'
    | 'two_pair'
    | 'three_of_a_kind'
    | 'straight'
    | 'flush'
    | 'full_house'
    | 'four_of_a_kind'
    | 'straight_flush';
  /**
   * Points won this round.
   */
  points: number;
  /**
   * The hand's deciding ranks, most significant first (`["K", "9"]`): with `category`, what
   * a client tells in its language (`tavolo_cards::words`).
   */
  ranks: string[];
  /**
   * The hand's value (equal values tie).
   */
  value: number;
}
/**
 * The hand a pair would make if shown.
 */
export interface ShowHand {
  /**
   * The five cards, in the order that describes the hand.
   *
   * @minItems 5
   * @maxItems 5
   */
  cards: [Card, Card, Card, Card, Card];
  /**
   * Its category (pair, flush, …), as a code a client tells in its language.
   */
  category:
    | 'high_card'
    | 'one_pair'
    | 'two_pair'
    | 'three_of_a_kind'
    | 'straight'
    | 'flush'
    | 'full_house'
    | 'four_of_a_kind'
    | 'straight_flush';
  /**
   * Its value (larger is stronger).
   */
  value: number;
}
/**
 * The settings of a game: player count, centre size and hand rule.
 *
 * ```
 * use tavolo_engine::saint::{HandRule, SaintOptions};
 * let o = SaintOptions::new(4);
 * assert_eq!(o.centre_count(), 1);
 * assert_eq!(o.hand_rule, HandRule::TwoPlusThree);
 * assert!(SaintOptions::new(6).validate().is_err());
 * assert!(SaintOptions { centre_cards: Some(2), ..SaintOptions::new(5) }.validate().is_err());
 * ```
 */
export interface SaintOptions {
  /**
   * Cards in the centre at the start of a round, C; `None` means the default 5 − P.
   */
  centre_cards?: number | null;
  /**
   * How hands are formed.
   */
  hand_rule?: 'two_plus_three' | 'any_five';
  /**
   * Number of players, 2 to 5.
   */
  players: number;
}
/**
 * One player's view of the game, or a spectator's (`player: None`: no hand, no choice).
 */
export interface SaintView {
  /**
   * The centre on the table: C cards while placing, C + P from the reveal of the placed
   * cards until clean-up (during the draft these cards are also in `pool`).
   */
  centre: Card[];
  /**
   * Cards in the discard pile.
   */
  discard_pile: number;
  /**
   * The round's draft order (empty until drawn).
   */
  draft_order: number[];
  /**
   * Cards in the draw pile.
   */
  draw_pile: number;
  /**
   * The viewer's hand, lowest card first.
   */
  hand: Card[];
  /**
   * Cards in each player's hand, by seat.
   */
  hand_sizes: number[];
  /**
   * The viewer's own pending choice in a simultaneous phase (one card to place or two to
   * show), if made. Nothing is said about the other players' choices.
   */
  my_choice?: Card[] | null;
  options: SaintOptions1;
  /**
   * The phase in force.
   */
  phase: 'place' | 'show' | 'draft' | 'over';
  /**
   * This round's picks so far, in order.
   */
  picks: PickRecord[];
  /**
   * The placed cards by seat, once revealed this round.
   */
  placed?: Card[] | null;
  /**
   * Whose view this is (`None`: a spectator).
   */
  player?: number | null;
  /**
   * The draft pool, lowest first (empty outside the draft).
   */
  pool: Card[];
  /**
   * The preview: the next round's centre.
   */
  preview: Card[];
  /**
   * The round, 1 to 8.
   */
  round: number;
  /**
   * Running scores by seat.
   */
  scores: number[];
  /**
   * The shown pairs and hands by seat, once revealed this round.
   */
  shown?: RevealedHand[] | null;
  /**
   * The round's tie draw (empty until drawn).
   */
  tie_draw: number[];
  /**
   * Who must pick now, during the draft.
   */
  to_pick?: number | null;
  /**
   * The winners, once the game is over.
   */
  winners: number[];
}
/**
 * The settings.
 */
export interface SaintOptions1 {
  /**
   * Cards in the centre at the start of a round, C; `None` means the default 5 − P.
   */
  centre_cards?: number | null;
  /**
   * How hands are formed.
   */
  hand_rule?: 'two_plus_three' | 'any_five';
  /**
   * Number of players, 2 to 5.
   */
  players: number;
}
/**
 * A pending seat change.
 */
export interface SeatChange {
  /**
   * The place among the pending requests (1 first).
   */
  position: number;
  /**
   * The seat asked for (none: any other).
   */
  seat?: number | null;
}
/**
 * One taken seat.
 */
export interface SeatRow {
  /**
   * Whether a bot.
   */
  bot: boolean;
  /**
   * Where their seed chain stands: the element (hex) their next reveal must extend (absent:
   * no chain). Public, so that every player sees the others' chains before revealing.
   */
  chain?: string | null;
  /**
   * Chips in front of them (betting games).
   */
  chips?: number | null;
  /**
   * Their seat in the hand in play.
   */
  hand_seat?: number | null;
  /**
   * Who sits there.
   */
  name: string;
  /**
   * The table seat.
   */
  seat: number;
  /**
   * What they are doing.
   */
  status: 'playing' | 'waiting' | 'sitting_out' | 'buying_in' | 'leaving';
}
/**
 * What the intent gave.
 */
export interface AckResult1 {
  /**
   * `leave` during a hand: you leave when it ends.
   */
  leaving?: boolean | null;
  /**
   * `leave` of a guest: this many of the chips cashed out went back to the house, because
   * they took the guest beyond the room's guest cap (chips received from others; see
   * docs/operations.md, `--guest-max-chips`).
   */
  over_guest_cap?: number | null;
  /**
   * `join`, `rebuy`, `leave`, `add_bot`: accepted, but the books have not recorded the chips
   * yet (they do not answer now): the table sends it again until they do, and the table's
   * state shows it meanwhile (`you.cashing_out`, a seat `buying_in`, `stalled`).
   */
  pending?: boolean | null;
  /**
   * `hello`: the protocol version.
   */
  protocol?: number | null;
  /**
   * `join`, `change_seat`, a funded rebuy's seat: the table seat you have.
   */
  seat?: number | null;
  /**
   * `change_seat` when no seat is free now: your place among the pending requests.
   */
  seat_change?: number | null;
  /**
   * `leave` (the stack cashed out) and `rebuy` (the stack bought).
   */
  stack?: number | null;
  /**
   * `create_table`: the new table's id.
   */
  table?: string | null;
  /**
   * `hello`: who you are.
   */
  user?: UserInfo | null;
  /**
   * `join` or `waitlist` when the table is full: your place on the waiting list (1 first).
   */
  waiting?: number | null;
}
/**
 * One table as the lobby lists it.
 */
export interface TableSummary {
  /**
   * Bots seated.
   */
  bots: number;
  /**
   * Buy-in (0 for Saint Poker).
   */
  buy_in: number;
  /**
   * Seconds per decision.
   */
  clock_secs: number;
  /**
   * The game.
   */
  game: 'holdem' | 'draw' | 'saint';
  /**
   * The rule options that differ from the game's defaults (RULES.md's options).
   */
  house_rules: {
    [k: string]: any;
  };
  /**
   * The table's id.
   */
  id: string;
  /**
   * A Limit table's cap on bets a round (RULES.md §2: four, none heads-up).
   */
  limit_cap?: LimitCap | null;
  /**
   * Players needed to deal.
   */
  min_players: number;
  /**
   * Its name.
   */
  name: string;
  /**
   * Players more than those seated and ready that a deal needs (0: it deals as soon as
   * somebody sits down or watches).
   */
  needed?: number;
  /**
   * Seats taken.
   */
  seated: number;
  /**
   * Seats.
   */
  seats: number;
  /**
   * Blinds `1/2` (Limit: its small and big bet, `2/4`), ante `5`, or stake `100`.
   */
  stakes: string;
  /**
   * `waiting` (for players), `playing` (a hand in play, or the pause before the next), or
   * `closed`.
   */
  state: 'waiting' | 'playing' | 'closed';
  /**
   * The betting structure (`null` for Saint Poker).
   */
  structure?: string | null;
  /**
   * Players on the waiting list.
   */
  waiting: number;
}
/**
 * One table as the lobby lists it.
 */
export interface TableSummary1 {
  /**
   * Bots seated.
   */
  bots: number;
  /**
   * Buy-in (0 for Saint Poker).
   */
  buy_in: number;
  /**
   * Seconds per decision.
   */
  clock_secs: number;
  /**
   * The game.
   */
  game: 'holdem' | 'draw' | 'saint';
  /**
   * The rule options that differ from the game's defaults (RULES.md's options).
   */
  house_rules: {
    [k: string]: any;
  };
  /**
   * The table's id.
   */
  id: string;
  /**
   * A Limit table's cap on bets a round (RULES.md §2: four, none heads-up).
   */
  limit_cap?: LimitCap | null;
  /**
   * Players needed to deal.
   */
  min_players: number;
  /**
   * Its name.
   */
  name: string;
  /**
   * Players more than those seated and ready that a deal needs (0: it deals as soon as
   * somebody sits down or watches).
   */
  needed?: number;
  /**
   * Seats taken.
   */
  seated: number;
  /**
   * Seats.
   */
  seats: number;
  /**
   * Blinds `1/2` (Limit: its small and big bet, `2/4`), ante `5`, or stake `100`.
   */
  stakes: string;
  /**
   * `waiting` (for players), `playing` (a hand in play, or the pause before the next), or
   * `closed`.
   */
  state: 'waiting' | 'playing' | 'closed';
  /**
   * The betting structure (`null` for Saint Poker).
   */
  structure?: string | null;
  /**
   * Players on the waiting list.
   */
  waiting: number;
}
/**
 * A `table_state` (docs/protocol.md): the table, the viewer (`you`), the seats, the hand in
 * play as the viewer may see it (`view`, `legal`, `clock`, the censored `events` since the
 * previous state), and the last result.
 */
export interface TableState {
  /**
   * The clock of the seat to act, as the viewer may see it.
   */
  clock?: ClockView | null;
  /**
   * The commitment to its seed (`tavolo-fair/2`: to the room's part of it).
   */
  commitment?: string | null;
  /**
   * The events since the previous state the viewer was sent, as the viewer may see them
   * (written last: a state whose only news would be no events is not sent).
   */
  events: any[];
  /**
   * Why the table stopped dealing, if it did.
   */
  halted?: string | null;
  /**
   * The hand (or game) in play.
   */
  hand?: string | null;
  /**
   * The table seat of each seat of the hand.
   */
  hand_seats: number[];
  /**
   * The viewer's legal actions (empty when not the viewer's turn).
   */
  legal: (Choice | SaintChoice)[];
  /**
   * The commitment to the room's part of the next hand's seed: chain reveals sent now
   * count for that hand.
   */
  next_commitment?: string | null;
  options: TableOptions;
  /**
   * The hand before, with its seed for those dealt in.
   */
  previous?: Previous | null;
  /**
   * The result of the last hand or game.
   */
  result?: {
    [k: string]: any;
  };
  /**
   * Every seat taken.
   */
  seats: SeatRow[];
  /**
   * Why the table waits for the books (they do not answer now): what is pending is kept and
   * sent again, and play goes on once they answer.
   */
  stalled?: string | null;
  /**
   * The table's id.
   */
  table: string;
  /**
   * A tournament table's tournament facts (none at a cash table).
   */
  tournament?: TournamentView | null;
  /**
   * The protocol version.
   */
  v: number;
  /**
   * Grows by one with every state this viewer is sent by the table (each viewer counts their
   * own: a change only another player sees moves nobody else's count).
   */
  version: number;
  /**
   * The viewer's view of the hand.
   */
  view?: HandView | DrawView | SaintView | null;
  you: You;
}
/**
 * The table's options.
 */
export interface TableOptions {
  /**
   * Draw ante (also the minimum bet).
   */
  ante?: number;
  /**
   * Hold'em big blind: the table minimum (the small blind is half of it, rounded down,
   * unless `rules` sets a house small blind).
   */
  big_blind?: number;
  /**
   * The bots' level.
   */
  bot_level?: string;
  /**
   * Seats filled by bots at once.
   */
  bots?: number;
  /**
   * The buy-in of a betting game.
   */
  buy_in?: number;
  /**
   * Seconds per decision.
   */
  clock_secs?: number;
  /**
   * The game.
   */
  game?: 'holdem' | 'draw' | 'saint';
  /**
   * Players needed to deal (0: the game's own: Hold'em 4 as in a casino, or every seat
   * when there are fewer; Draw 2; Saint Poker every seat).
   */
  min_players?: number;
  /**
   * A name for the lobby.
   */
  name?: string;
  /**
   * The rebuy of a betting game.
   */
  rebuy?: number;
  /**
   * The rule options of RULES.md this table sets (each missing one: the rule's default;
   * `GET /api/rules` lists them).
   */
  rules?: {
    [k: string]: any;
  };
  /**
   * Seats.
   */
  seats?: number;
  /**
   * Whether spectators may write in the table's chat (players always may).
   */
  spectator_chat?: boolean;
  /**
   * Saint Poker stake per player (0: friendly).
   */
  stake?: number;
  /**
   * Hold'em: `nl`, `pl` or `limit`; Draw: `nl` only.
   */
  structure?: string;
  /**
   * Time bank per player, seconds.
   */
  time_bank_secs?: number;
}
/**
 * What a tournament table shows every viewer of the tournament (RULES.md §5), as its
 * coordinator gave it: the level in force from the next hand, its blinds and big-blind ante,
 * when the next level starts, and whether the table holds (hand-for-hand, or waiting for the
 * tournament).
 */
export interface TournamentView {
  /**
   * Hold'em: its big-blind ante (posted by the big blind, blind first). Draw: every
   * player's ante, also the minimum bet and raise.
   */
  ante?: number | null;
  /**
   * Its big blind (none at Draw).
   */
  big_blind?: number | null;
  /**
   * The table waits for the tournament before dealing its next hand.
   */
  holding: boolean;
  /**
   * The level's number (1 = the first); none before the tournament gives one.
   */
  level?: number | null;
  /**
   * When the next level starts, ms since the Unix epoch, if the tournament says.
   */
  next_level_ms?: number | null;
  /**
   * Its small blind (none at Draw).
   */
  small_blind?: number | null;
  /**
   * The tournament's id.
   */
  tournament: string;
}
/**
 * The viewer.
 */
export interface You {
  /**
   * The best hand the viewer holds now in the hand on the felt (Hold'em from the flop on,
   * Draw with five cards; codes as in a result: `{"category","ranks"}`), valued by the engine
   * for the client to name.
   */
  best_hand?: HandValue | null;
  /**
   * Whether the viewer may rebuy now (seated, stack exhausted, between their hands, at a
   * table with rebuys): the table model's own rule.
   */
  can_rebuy?: boolean;
  /**
   * Chips on their way from the viewer's seat here to their account, not recorded by the
   * books yet.
   */
  cashing_out?: number | null;
  /**
   * The viewer's seed chain, if they sent one.
   */
  chain?: ChainView | null;
  /**
   * The viewer's seat in the hand in play.
   */
  hand_seat?: number | null;
  /**
   * For a viewer neither seated nor waiting: how joining now seats them (RULES.md §2 Table).
   */
  join_seat?: JoinSeat | null;
  /**
   * Whether the viewer created the table (and may add bots to it).
   */
  owner?: boolean;
  /**
   * The viewer's table seat.
   */
  seat?: number | null;
  /**
   * The viewer's pending seat change.
   */
  seat_change?: SeatChange | null;
  /**
   * Why the viewer lost the seat they had at this table, told until they sit down again or
   * stop watching (they watch the table from then on).
   */
  seat_lost?: SeatLost | null;
  /**
   * While the viewer sits out: how many more hands the table may deal without them before
   * the seat is freed (RULES.md §2, sitting out: the third consecutive missed hand frees it;
   * 0: the next deal frees it).
   */
  sit_out_hands_left?: number | null;
  /**
   * Whether the viewer sits out.
   */
  sitting_out: boolean;
  /**
   * The viewer's place on the waiting list (1 first).
   */
  waiting?: number | null;
}
/**
 * One player in a Swiss event's standings.
 */
export interface SwissStanding {
  /**
   * Out of the elimination variant.
   */
  eliminated?: boolean;
  /**
   * Their name.
   */
  name: string;
  /**
   * The sum of their opponents' tournament points (the second tie-break).
   */
  opponents: number;
  /**
   * Their place in the standings (1 first).
   */
  place: number;
  /**
   * Tournament (place) points (a shared place's average may be a fraction).
   */
  points: number;
  /**
   * Saint points over every game (the first tie-break).
   */
  saint: number;
}
/**
 * One table of a Swiss round: its players in seat order and, once in, the game's result.
 */
export interface SwissTable {
  /**
   * Once the game is over: the players who never came (0 place points).
   */
  absent?: string[];
  /**
   * Its id while it plays (open it to play or watch).
   */
  id?: string | null;
  /**
   * Its players, seat 1 first.
   */
  players: string[];
  /**
   * The round (1 = the first).
   */
  round: number;
  /**
   * Once the game is over: each player's Saint points, as `players`.
   */
  saint?: number[] | null;
  /**
   * The table of that round (1 = the first).
   */
  table: number;
}
/**
 * The options of a table, as sent by `create_table` (missing fields take the defaults).
 */
export interface TableOptions1 {
  /**
   * Draw ante (also the minimum bet).
   */
  ante?: number;
  /**
   * Hold'em big blind: the table minimum (the small blind is half of it, rounded down,
   * unless `rules` sets a house small blind).
   */
  big_blind?: number;
  /**
   * The bots' level.
   */
  bot_level?: string;
  /**
   * Seats filled by bots at once.
   */
  bots?: number;
  /**
   * The buy-in of a betting game.
   */
  buy_in?: number;
  /**
   * Seconds per decision.
   */
  clock_secs?: number;
  /**
   * The game.
   */
  game?: 'holdem' | 'draw' | 'saint';
  /**
   * Players needed to deal (0: the game's own: Hold'em 4 as in a casino, or every seat
   * when there are fewer; Draw 2; Saint Poker every seat).
   */
  min_players?: number;
  /**
   * A name for the lobby.
   */
  name?: string;
  /**
   * The rebuy of a betting game.
   */
  rebuy?: number;
  /**
   * The rule options of RULES.md this table sets (each missing one: the rule's default;
   * `GET /api/rules` lists them).
   */
  rules?: {
    [k: string]: any;
  };
  /**
   * Seats.
   */
  seats?: number;
  /**
   * Whether spectators may write in the table's chat (players always may).
   */
  spectator_chat?: boolean;
  /**
   * Saint Poker stake per player (0: friendly).
   */
  stake?: number;
  /**
   * Hold'em: `nl`, `pl` or `limit`; Draw: `nl` only.
   */
  structure?: string;
  /**
   * Time bank per player, seconds.
   */
  time_bank_secs?: number;
}
/**
 * `GET /api/tables`.
 */
export interface TablesReply {
  /**
   * The open tables.
   */
  tables: TableSummary[];
}
/**
 * A tournament's add-on as the lobby shows it.
 */
export interface TournamentAddOn {
  /**
   * The tournament chips it gives.
   */
  chips: number;
  /**
   * Its price, all of it into the prize pool.
   */
  price: number;
}
/**
 * `POST /api/tournaments/{id}/register`, `/unregister`, `/rebuy` and `/addon`.
 */
export interface TournamentAnswer {
  /**
   * The entry's number (1 the first, 2 a re-entry…), when registered.
   */
  entry?: number | null;
  /**
   * What came back, when unregistered.
   */
  refund?: number | null;
  /**
   * `registered`, `unregistered`, `rebought` or `added_on` (booked: the chips join the stack
   * between hands), or `pending` (the books did not answer yet: the charge is sent again
   * under the same key, and a notice follows).
   */
  result: string;
}
/**
 * `POST /api/tournaments`: the tournament made.
 */
export interface TournamentCreated {
  /**
   * Its id.
   */
  id: string;
}
/**
 * A deal proposed at the final table (RULES.md §5), as everyone sees it: both ICM's and the
 * chip chop's figures for every player in it, whichever was proposed, and the amount kept back.
 */
export interface TournamentDeal {
  /**
   * Who proposed it.
   */
  by: string;
  /**
   * When it lapses unless everyone has accepted (ms since the Unix epoch).
   */
  ends_ms: number;
  /**
   * The prize money kept back to play for (0: none, and a deal made ends the tournament):
   * taken off the top of the prizes left; the figures share the rest, the shares are paid
   * when the deal is made, and the winner of the play that follows takes this.
   */
  keep_back?: number;
  /**
   * The kind proposed: `icm` or `chop`.
   */
  kind: string;
  /**
   * The players in it, most chips first: the order of the places the deal gives.
   */
  players: TournamentDealShare[];
  /**
   * The figures are final (the table is between hands) and acceptances are taken; while the
   * hand in play goes on they are those of the stacks before it.
   */
  settled: boolean;
}
/**
 * One player's part in a deal proposed.
 */
export interface TournamentDealShare {
  /**
   * They have accepted these figures.
   */
  accepted: boolean;
  /**
   * What the chip chop gives them.
   */
  chop: number;
  /**
   * What ICM gives them, in whole chips (of the prizes less the amount kept back).
   */
  icm: number;
  /**
   * Their name.
   */
  name: string;
  /**
   * Their stack.
   */
  stack: number;
}
/**
 * `GET /api/tournaments/{id}`.
 */
export interface TournamentDetail {
  /**
   * The deal proposed at the final table, if any.
   */
  deal?: TournamentDeal | null;
  /**
   * The players: those still in by stack, then those out by place.
   */
  entrants: TournamentEntrant[];
  /**
   * The asking player (none for a visitor not signed in).
   */
  me?: TournamentMe | null;
  /**
   * The room's clock when it answered (ms since the Unix epoch): count the level's and the
   * break's time left from it, not from the client's own clock.
   */
  now_ms: number;
  /**
   * Its prizes by place, first place first, once fixed.
   */
  prizes: number[];
  /**
   * A Swiss event's standings and rounds (`game` `saint`).
   */
  swiss?: TournamentSwiss | null;
  /**
   * Its open tables' ids.
   */
  tables: string[];
  tournament: TournamentLine;
}
/**
 * A player in a tournament's standings.
 */
export interface TournamentEntrant {
  /**
   * Their name.
   */
  name: string;
  /**
   * Their place, once out (or 1: the winner).
   */
  place?: number | null;
  /**
   * The prize that place paid them.
   */
  prize?: number | null;
  /**
   * Their tournament chips (0 once out).
   */
  stack: number;
  /**
   * The table they sit at (its id, to watch it), while in.
   */
  table?: string | null;
}
/**
 * What the asking player needs to know of themselves.
 */
export interface TournamentMe {
  /**
   * A deal is proposed that waits for their answer (`POST /api/tournaments/{id}/deal` with
   * `{"accept": true|false}`; an acceptance is taken once the hand in play is over).
   */
  deal_answer_due?: boolean;
  /**
   * They may take the add-on now (`POST /api/tournaments/{id}/addon`; made between hands).
   */
  may_add_on?: boolean;
  /**
   * They may propose a deal now (`POST /api/tournaments/{id}/deal` with
   * `{"propose": "icm"|"chop", "keep_back": 0}`): at the final table of at most ten, the
   * prizes fixed, no deal made before.
   */
  may_propose_deal?: boolean;
  /**
   * They may rebuy now (`POST /api/tournaments/{id}/rebuy`; made between hands).
   */
  may_rebuy?: boolean;
  /**
   * What they were told, oldest first (entered, seated, moved, busted, paid, refunded…).
   */
  notices: TournamentNotice[];
  /**
   * Their place, once out (or 1: the winner).
   */
  place?: number | null;
  /**
   * Their prize, once paid.
   */
  prize?: number | null;
  /**
   * They have an entry.
   */
  registered: boolean;
  /**
   * Their seat there.
   */
  seat?: number | null;
  /**
   * The table they sit at now (its id: open it to play), while in.
   */
  table?: string | null;
}
/**
 * A notice for one player of a tournament: what happened as a key and its arguments, which
 * the browser says in the reader's language (its `tn_{key}` strings), and in English for
 * other clients.
 */
export interface TournamentNotice {
  /**
   * Its arguments by name: numbers (chips; `table` and `seat` counted from 1), or words (a
   * player's name `by`, a deal's `kind` `icm` or `chop`, an error's `code` and `message`).
   */
  args: {
    [k: string]: any;
  };
  /**
   * What happened: `registered`, `re_entered` (`entry`), `refunded` (`amount`), `rebought`
   * and `added_on` (`stack`), `seated` and `moved` (`table`, `seat`), `won`, `busted`
   * (`place`, `tied`, and `prize` when the place pays one not shared), `paid` (`place`,
   * `amount`), `cancelled`, `deal_proposed` (`by`, `kind`), `deal_declined` (`by`),
   * `deal_off`, `deal_made` (`kind`, `share`) — both deal notices with `keep_back` when the
   * deal keeps money back to play for —, `deal_paid` (`amount`: a share of a deal that kept
   * money back, paid when it is made), `refused` (`code`, `message`); a Swiss event's
   * `swiss_seated` (`round`, `table`, `seat`), `swiss_out` (`round`), `swiss_won`,
   * `swiss_placed` (`place`) and `swiss_cancelled`.
   */
  key: string;
  /**
   * The notice in English.
   */
  text: string;
}
/**
 * A Swiss event's standings and rounds (RULES.md §5, "Saint Poker tournaments (Swiss)").
 */
export interface TournamentSwiss {
  /**
   * The standings, best first (the final ones once over): tournament points, then the
   * published tie-breaks.
   */
  standings: SwissStanding[];
  /**
   * Each round's tables, the first round first.
   */
  tables: SwissTable[];
}
/**
 * The lobby's line.
 */
export interface TournamentLine {
  /**
   * The add-on, if any: its chips and its price.
   */
  add_on?: TournamentAddOn | null;
  /**
   * Its big-blind ante (Draw: every player's ante, also the minimum bet).
   */
  ante?: number | null;
  /**
   * The average stack of the players still in.
   */
  average_stack?: number | null;
  /**
   * Its big blind (none at Draw).
   */
  big_blind?: number | null;
  /**
   * On a break: when it ends (ms since the Unix epoch; no table deals until then).
   */
  break_ends_ms?: number | null;
  /**
   * The minutes of the break that follows the level in force, if one does.
   */
  break_next_minutes?: number | null;
  /**
   * When it was created (ms since the Unix epoch).
   */
  created_at: number;
  /**
   * A deal proposed at the final table: when it lapses unless everyone accepts (ms since the
   * Unix epoch; the table deals no new hand until it is made or off).
   */
  deal_ends_ms?: number | null;
  /**
   * Entries so far.
   */
  entrants: number;
  /**
   * What an entry puts in the prize pool.
   */
  entry: number;
  /**
   * What an entry pays the house.
   */
  fee: number;
  /**
   * The game (`holdem` or `draw`).
   */
  game: string;
  /**
   * The guaranteed prize pool, if any ("GTD"): when the payouts are fixed, the house adds
   * what the pool is short of it.
   */
  guarantee?: number | null;
  /**
   * Levels by hands: the hands each level lasts at each table (`null`: levels by time).
   */
  hands_per_level?: number | null;
  /**
   * Its id.
   */
  id: string;
  /**
   * A deal made keeping prize money back (RULES.md §5): the amount play goes on for, while it
   * does — the winner takes it.
   */
  kept_back?: number | null;
  /**
   * `sit_and_go` (starts when `players` have registered) or `scheduled`.
   */
  kind: string;
  /**
   * A Swiss event's elimination variant: the top `knockout` of each table go on.
   */
  knockout?: number | null;
  /**
   * A scheduled tournament's last level of late registration (0: none); rebuys and
   * re-entries end with it, and the add-on is taken in it.
   */
  late_until_level?: number | null;
  /**
   * Players still in.
   */
  left: number;
  /**
   * The level in force (1 = the first), once running.
   */
  level?: number | null;
  /**
   * When the level in force ends (ms since the Unix epoch; levels by time, not on a break,
   * not the last level): the next level, or a break, begins then.
   */
  level_ends_ms?: number | null;
  /**
   * A scheduled tournament's fewest entries: short of them at the start it is called off,
   * every entry refunded.
   */
  min_players?: number | null;
  /**
   * Its name.
   */
  name: string;
  /**
   * The level after the one in force, if the structure has one.
   */
  next_level?: TournamentLevel | null;
  /**
   * The house's overlay in the prize pool, once the payouts are fixed (zero: none needed).
   */
  overlay?: number | null;
  /**
   * Places paid, once fixed (when registration closes).
   */
  places_paid: number;
  /**
   * A sit-and-go's size: it starts with this many entries.
   */
  players: number;
  /**
   * The prize pool.
   */
  prize_pool: number;
  /**
   * A busted player may enter again during late registration.
   */
  re_entry?: boolean;
  /**
   * Players at or below the starting stack may buy it again during late registration.
   */
  rebuys?: boolean;
  /**
   * A Swiss event (`game` `saint`): the round in play or the last played (1 = the first),
   * once started.
   */
  round?: number | null;
  /**
   * A Swiss event: its rounds, once known (set when it was made, else ⌈log₂ N⌉ + 1 of the N
   * who started).
   */
  rounds?: number | null;
  /**
   * Seats a table.
   */
  seats: number;
  /**
   * Its small blind (none at Draw).
   */
  small_blind?: number | null;
  /**
   * The speed of its levels (`regular`, `turbo`, `hyper`).
   */
  speed: string;
  /**
   * The starting stack.
   */
  starting_stack: number;
  /**
   * A scheduled tournament's start (ms since the Unix epoch).
   */
  starts_at?: number | null;
  /**
   * Where it is.
   */
  status: 'registering' | 'running' | 'finished' | 'cancelled';
  /**
   * The betting structure (`no_limit`).
   */
  structure: string;
}
/**
 * A level's number and what is posted in its hands.
 */
export interface TournamentLevel {
  /**
   * The big-blind ante (0: none).
   */
  ante: number;
  /**
   * The big blind.
   */
  big_blind: number;
  /**
   * Its number (1 = the first).
   */
  number: number;
  /**
   * The small blind.
   */
  small_blind: number;
}
/**
 * One tournament in `GET /api/tournaments` (and the head of `GET /api/tournaments/{id}`).
 */
export interface TournamentLine1 {
  /**
   * The add-on, if any: its chips and its price.
   */
  add_on?: TournamentAddOn | null;
  /**
   * Its big-blind ante (Draw: every player's ante, also the minimum bet).
   */
  ante?: number | null;
  /**
   * The average stack of the players still in.
   */
  average_stack?: number | null;
  /**
   * Its big blind (none at Draw).
   */
  big_blind?: number | null;
  /**
   * On a break: when it ends (ms since the Unix epoch; no table deals until then).
   */
  break_ends_ms?: number | null;
  /**
   * The minutes of the break that follows the level in force, if one does.
   */
  break_next_minutes?: number | null;
  /**
   * When it was created (ms since the Unix epoch).
   */
  created_at: number;
  /**
   * A deal proposed at the final table: when it lapses unless everyone accepts (ms since the
   * Unix epoch; the table deals no new hand until it is made or off).
   */
  deal_ends_ms?: number | null;
  /**
   * Entries so far.
   */
  entrants: number;
  /**
   * What an entry puts in the prize pool.
   */
  entry: number;
  /**
   * What an entry pays the house.
   */
  fee: number;
  /**
   * The game (`holdem` or `draw`).
   */
  game: string;
  /**
   * The guaranteed prize pool, if any ("GTD"): when the payouts are fixed, the house adds
   * what the pool is short of it.
   */
  guarantee?: number | null;
  /**
   * Levels by hands: the hands each level lasts at each table (`null`: levels by time).
   */
  hands_per_level?: number | null;
  /**
   * Its id.
   */
  id: string;
  /**
   * A deal made keeping prize money back (RULES.md §5): the amount play goes on for, while it
   * does — the winner takes it.
   */
  kept_back?: number | null;
  /**
   * `sit_and_go` (starts when `players` have registered) or `scheduled`.
   */
  kind: string;
  /**
   * A Swiss event's elimination variant: the top `knockout` of each table go on.
   */
  knockout?: number | null;
  /**
   * A scheduled tournament's last level of late registration (0: none); rebuys and
   * re-entries end with it, and the add-on is taken in it.
   */
  late_until_level?: number | null;
  /**
   * Players still in.
   */
  left: number;
  /**
   * The level in force (1 = the first), once running.
   */
  level?: number | null;
  /**
   * When the level in force ends (ms since the Unix epoch; levels by time, not on a break,
   * not the last level): the next level, or a break, begins then.
   */
  level_ends_ms?: number | null;
  /**
   * A scheduled tournament's fewest entries: short of them at the start it is called off,
   * every entry refunded.
   */
  min_players?: number | null;
  /**
   * Its name.
   */
  name: string;
  /**
   * The level after the one in force, if the structure has one.
   */
  next_level?: TournamentLevel | null;
  /**
   * The house's overlay in the prize pool, once the payouts are fixed (zero: none needed).
   */
  overlay?: number | null;
  /**
   * Places paid, once fixed (when registration closes).
   */
  places_paid: number;
  /**
   * A sit-and-go's size: it starts with this many entries.
   */
  players: number;
  /**
   * The prize pool.
   */
  prize_pool: number;
  /**
   * A busted player may enter again during late registration.
   */
  re_entry?: boolean;
  /**
   * Players at or below the starting stack may buy it again during late registration.
   */
  rebuys?: boolean;
  /**
   * A Swiss event (`game` `saint`): the round in play or the last played (1 = the first),
   * once started.
   */
  round?: number | null;
  /**
   * A Swiss event: its rounds, once known (set when it was made, else ⌈log₂ N⌉ + 1 of the N
   * who started).
   */
  rounds?: number | null;
  /**
   * Seats a table.
   */
  seats: number;
  /**
   * Its small blind (none at Draw).
   */
  small_blind?: number | null;
  /**
   * The speed of its levels (`regular`, `turbo`, `hyper`).
   */
  speed: string;
  /**
   * The starting stack.
   */
  starting_stack: number;
  /**
   * A scheduled tournament's start (ms since the Unix epoch).
   */
  starts_at?: number | null;
  /**
   * Where it is.
   */
  status: 'registering' | 'running' | 'finished' | 'cancelled';
  /**
   * The betting structure (`no_limit`).
   */
  structure: string;
}
/**
 * `GET /api/tournaments`.
 */
export interface TournamentsReply {
  /**
   * Every tournament, newest first.
   */
  tournaments: TournamentLine1[];
}
/**
 * The signed-in user (`/api/me`, `/api/login`, `/api/register`, `/api/guest`).
 */
export interface UserReply {
  user: UserInfo1;
}
/**
 * A user as the protocol shows them (`hello`, `/api/me`, `/api/login`, …).
 */
export interface UserInfo1 {
  /**
   * Chips in the account.
   */
  balance: number;
  /**
   * Whether a bot.
   */
  bot: boolean;
  /**
   * Whether a guest account.
   */
  guest: boolean;
  /**
   * The account's id.
   */
  id: number;
  /**
   * The name.
   */
  name: string;
}
/**
 * Voided hands per table and per player (`GET /api/history`'s `voided`).
 */
export interface VoidedReport1 {
  /**
   * Other players with whom at least one of the user's hands was voided.
   */
  players: VoidedPlayer[];
  /**
   * Tables where at least one of the user's hands was voided.
   */
  tables: VoidedTable[];
}
/**
 * The viewer of a `table_state`.
 */
export interface You1 {
  /**
   * The best hand the viewer holds now in the hand on the felt (Hold'em from the flop on,
   * Draw with five cards; codes as in a result: `{"category","ranks"}`), valued by the engine
   * for the client to name.
   */
  best_hand?: HandValue | null;
  /**
   * Whether the viewer may rebuy now (seated, stack exhausted, between their hands, at a
   * table with rebuys): the table model's own rule.
   */
  can_rebuy?: boolean;
  /**
   * Chips on their way from the viewer's seat here to their account, not recorded by the
   * books yet.
   */
  cashing_out?: number | null;
  /**
   * The viewer's seed chain, if they sent one.
   */
  chain?: ChainView | null;
  /**
   * The viewer's seat in the hand in play.
   */
  hand_seat?: number | null;
  /**
   * For a viewer neither seated nor waiting: how joining now seats them (RULES.md §2 Table).
   */
  join_seat?: JoinSeat | null;
  /**
   * Whether the viewer created the table (and may add bots to it).
   */
  owner?: boolean;
  /**
   * The viewer's table seat.
   */
  seat?: number | null;
  /**
   * The viewer's pending seat change.
   */
  seat_change?: SeatChange | null;
  /**
   * Why the viewer lost the seat they had at this table, told until they sit down again or
   * stop watching (they watch the table from then on).
   */
  seat_lost?: SeatLost | null;
  /**
   * While the viewer sits out: how many more hands the table may deal without them before
   * the seat is freed (RULES.md §2, sitting out: the third consecutive missed hand frees it;
   * 0: the next deal frees it).
   */
  sit_out_hands_left?: number | null;
  /**
   * Whether the viewer sits out.
   */
  sitting_out: boolean;
  /**
   * The viewer's place on the waiting list (1 first).
   */
  waiting?: number | null;
}
