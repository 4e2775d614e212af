/* One chouette game settled on the phone, for the games a scorer enters offline: the
   points of every seat and the line of the next game, so that the next game's form and
   the running totals can be shown before the server has them.

   The rules are chouette/core's (settlement.py, play.py, rotation.py): this is the same
   fold over the game's cube turns, kept in step with it by a test that settles thousands
   of random games both ways (tests/games/test_chouette_rules_js.py). The server settles
   every game again when it is sent, and its answer is the one kept. A broken rule throws
   a RuleError with the core's code. */
(function (root) {
  "use strict";

  const BOX = "box";
  const TEAM = "team";
  const MIN_PLAYERS = 3;
  const BOX_PARTNER_FROM = 6;

  function other(side) { return side === BOX ? TEAM : BOX; }

  function RuleError(code) {
    this.name = "RuleError";
    this.code = code;
    this.message = code;
  }
  RuleError.prototype = Object.create(Error.prototype);

  function liveMembers(state) {
    const live = new Set(state.bets.filter(function (bet) { return bet.refusedBy === null; })
      .map(function (bet) { return bet.member; }));
    return state.teamOrder.filter(function (member) { return live.has(member); });
  }

  function betOf(state, member) {
    const bet = state.bets.find(function (b) { return b.member === member; });
    if (bet) return bet;
    throw new RuleError(member === state.lineup.box ? "box_has_no_cube" : "player_not_in_game");
  }

  function startGame(settings, lineup, automatic) {
    if (automatic < 0 || automatic > settings.max_automatic_doubles) {
      throw new RuleError("automatic_doubles_over_limit");
    }
    const seats = lineup.team.length + 1 + (lineup.partner === null ? 0 : 1);
    if (seats > settings.max_players) throw new RuleError("too_many_players");
    const value = Math.pow(2, automatic);
    return {
      lineup: lineup,
      bets: lineup.team.map(function (member) {
        return {member: member, value: value, owner: null, turned: false, refusedBy: null, settledAt: 0};
      }),
      teamOrder: lineup.team.slice(),
      decision: null,
    };
  }

  // With one team cube a double concerns every live bet (chouette.md §7).
  function expandAnswers(settings, state, double) {
    if (settings.cube_mode === "multiple") return double.answers;
    const live = liveMembers(state);
    if (double.by === TEAM) {
      if (double.answers.length !== 1 || double.answers[0][0] !== live[0]) {
        throw new RuleError("single_cube_team_double");
      }
      return live.map(function (member) { return [member, double.answers[0][1]]; });
    }
    double.answers.forEach(function (pair) { betOf(state, pair[0]); });
    const given = new Set(double.answers.map(function (pair) { return pair[0]; }));
    if (live.some(function (member) { return !given.has(member); })) throw new RuleError("answer_missing");
    return double.answers;
  }

  function checkHouseRules(settings, state, by, answers) {
    if (by !== TEAM || settings.cube_mode === "single") return;
    const answered = new Map(answers);
    const team = state.lineup.team;
    const everyCubeFromTheCentre = answered.size === team.length
      && team.every(function (member) { return answered.has(member); })
      && team.every(function (member) { return betOf(state, member).owner === null; });
    if (settings.initial_cubes_rule && everyCubeFromTheCentre) {
      const count = answered.size;
      const required = count === 2 ? count : Math.ceil(count / 2);
      const taken = Array.from(answered.values()).filter(function (a) { return a !== "drop"; }).length;
      if (taken > 0 && taken < required) throw new RuleError("initial_cubes_rule");
    }
    const captain = liveMembers(state)[0];
    if (settings.box_must_take_captain && answered.has(captain)) {
      const othersTaken = answers.some(function (pair) { return pair[0] !== captain && pair[1] !== "drop"; });
      if (othersTaken && answered.get(captain) === "drop") throw new RuleError("box_must_take_captain");
    }
  }

  // rules-backgammon §8.1–8.3: the cube's value and owner after the answer.
  function answeredBet(bet, doubler, answer) {
    const taker = other(doubler);
    const turned = function (factor) {
      return Object.assign({}, bet, {value: factor * bet.value, owner: taker, turned: true});
    };
    const ended = function (by, factor) {
      return Object.assign({}, bet, {refusedBy: by, settledAt: factor * bet.value});
    };
    switch (answer) {
      case "take": return turned(2);
      case "beaver": return turned(4);
      case "raccoon": return turned(8);
      case "drop": return ended(taker, 1);
      case "beaver_passed": return ended(doubler, 2);
      case "raccoon_passed": return ended(taker, 4);
      default: throw new RuleError("unknown_answer");
    }
  }

  function captainBetEnded(settings, state, bet) {
    if (state.decision !== null && settings.rotation !== "final_captain") return state;
    if (bet.refusedBy === TEAM) {
      // The captain dropped: to the end of the line at once; the next live member plays on.
      const order = state.teamOrder.filter(function (m) { return m !== bet.member; });
      order.push(bet.member);
      return Object.assign({}, state, {teamOrder: order, decision: null});
    }
    return Object.assign({}, state, {decision: {captain: bet.member, winner: TEAM, byPlay: false}});
  }

  function applyDouble(settings, state, double) {
    if (!liveMembers(state).length) throw new RuleError("bet_already_ended");
    const answers = expandAnswers(settings, state, double);
    answers.forEach(function (pair) {
      const bet = betOf(state, pair[0]);
      const answer = pair[1];
      if (bet.refusedBy !== null) throw new RuleError("bet_already_ended");
      if (bet.owner === other(double.by)) throw new RuleError("cube_not_available");
      if (answer !== "take" && answer !== "drop" && !settings.beavers) throw new RuleError("beavers_not_allowed");
      if ((answer === "raccoon" || answer === "raccoon_passed") && !settings.raccoons) {
        throw new RuleError("raccoons_not_allowed");
      }
    });
    checkHouseRules(settings, state, double.by, answers);
    const captain = liveMembers(state)[0];
    const turned = new Map(answers.map(function (pair) {
      return [pair[0], answeredBet(betOf(state, pair[0]), double.by, pair[1])];
    }));
    let next = Object.assign({}, state, {bets: state.bets.map(function (bet) {
      return turned.get(bet.member) || bet;
    })});
    if (turned.has(captain) && turned.get(captain).refusedBy !== null) {
      next = captainBetEnded(settings, next, turned.get(captain));
    }
    return next;
  }

  function settleBet(settings, bet, result) {
    if (bet.refusedBy !== null) return bet.refusedBy === BOX ? bet.settledAt : -bet.settledAt;
    const gammonsCount = bet.turned || !settings.jacoby;
    const amount = (gammonsCount ? settings.multipliers[result.kind] : 1) * bet.value;
    return result.winner === TEAM ? amount : -amount;
  }

  function partnerPart(boxSide, share) {
    const part = Math.floor(Math.abs(boxSide) * share / 100);
    return boxSide >= 0 ? part : -part;
  }

  function rotate(lineup, teamOrder, decision) {
    const team = teamOrder.slice();
    const box = lineup.box;
    if (decision === null) return {line: [box].concat(team), partner: lineup.partner};
    team.splice(team.indexOf(decision.captain), 1);
    if (decision.winner === BOX) return {line: [box].concat(team, [decision.captain]), partner: lineup.partner};
    if (lineup.partner !== null) return {line: [decision.captain, lineup.partner].concat(team, [box]), partner: null};
    return {line: [decision.captain].concat(team, [box]), partner: null};
  }

  // Form or end the box's partnership before the next game (rotation.with_partner).
  function withPartner(settings, seating) {
    const line = seating.line;
    const partner = seating.partner;
    if (partner !== null && line.length < MIN_PLAYERS) {
      return {line: [line[0], partner].concat(line.slice(1)), partner: null, waiting: seating.waiting};
    }
    if (settings.box_partner && partner === null && line.length >= BOX_PARTNER_FROM) {
      return {line: line.slice(0, 2).concat(line.slice(3)), partner: line[2], waiting: seating.waiting};
    }
    return seating;
  }

  function lineupOf(seating) {
    const present = seating.line.length + (seating.partner === null ? 0 : 1);
    if (present < MIN_PLAYERS) return null;
    return {box: seating.line[0], team: seating.line.slice(1), partner: seating.partner};
  }

  function sameLineup(a, b) {
    return a.box === b.box && a.partner === b.partner && a.team.length === b.team.length
      && a.team.every(function (member, index) { return member === b.team[index]; });
  }

  /* Settle ``record`` ({lineup, doubles: [{by, answers: [[member, answer]]}], result:
     {winner, kind} or null, automatic}) at a table seated as ``seating`` ({line, partner,
     waiting}). Returns {points: [[player, points]] (box, partner, then the team), seating:
     the seating of the next game}. */
  function playGame(settings, seating, record) {
    const expected = lineupOf(seating);
    if (expected === null) throw new RuleError("too_few_players");
    if (!sameLineup(expected, record.lineup)) throw new RuleError("lineup_mismatch");
    const lineup = record.lineup;
    let state = startGame(settings, lineup, record.automatic || 0);
    record.doubles.forEach(function (double) {
      if (!double.answers.length) throw new RuleError("empty_double");
      state = applyDouble(settings, state, double);
    });
    const live = liveMembers(state);
    const result = record.result;
    if (live.length && result === null) throw new RuleError("result_missing");
    if (!live.length && result !== null) throw new RuleError("result_without_live_bet");
    if (result !== null && settings.kinds.indexOf(result.kind) < 0) {
      const nardy = settings.kinds.indexOf("mars") >= 0;
      throw new RuleError(nardy && result.kind === "koks" ? "koks_not_allowed" : "result_not_in_variant");
    }
    const bets = state.bets.map(function (bet) { return [bet.member, settleBet(settings, bet, result)]; });
    let decision = state.decision;
    if (result !== null && live.length && !(state.decision !== null && settings.rotation !== "final_captain")) {
      decision = {captain: live[0], winner: result.winner, byPlay: true};
    }
    const boxSide = -bets.reduce(function (sum, pair) { return sum + pair[1]; }, 0);
    let points;
    if (lineup.partner === null) {
      points = [[lineup.box, boxSide]];
    } else {
      const share = partnerPart(boxSide, settings.partner_share);
      points = [[lineup.box, boxSide - share], [lineup.partner, share]];
    }
    const next = rotate(lineup, state.teamOrder, decision);
    const seated = {line: next.line.concat(seating.waiting), partner: next.partner, waiting: []};
    return {points: points.concat(bets), seating: withPartner(settings, seated)};
  }

  const api = {playGame: playGame, lineupOf: lineupOf, withPartner: withPartner, RuleError: RuleError};
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.chouetteRules = api;
})(this);
