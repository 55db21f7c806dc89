"""The codes ``partnership`` raises besides the trick-taking ones, with what they mean."""

CODES: dict[str, str] = {
    "bidding_in_progress": "the bidding is not over",
    "bidding_over": "the bidding is over",
    "bid_too_low": "a bid needs a higher table value than the standing bid",
    "doubling_in_progress": "the doubling window is open; the caller leads after it",
    "doubling_closed": "the doubling window has closed",
    "already_doubled": "that doubling has been said (each once)",
    "doubling_out_of_order": "Kontra, then Rekontra, then Subkontra",
    "doubling_declined": "you let this doubling go",
    "may_not_double": "this doubling is not yours to say",
    "not_offered": "the current doubling choice is not offered to you",
    "marriage_not_allowed": "a marriage is announced at Snapszer level by the "
    "leader leading the K or O of a pair it holds",
    "enough_not_allowed": "only the caller or its partner says enough, and never in a Durchmarsch",
    "enough_not_now": "enough is said after a completed trick, before the next lead",
    "claim_not_offered": "showing the cards needs every remaining trick to be sure",
    "cards_shown": "a hand has been shown; the hand is ending",
}
