"""A finished deal's analysis: ``GET /api/v1/matches/<id>/deals/<n>/analysis/``."""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.requests import MemberRequest
from apps.common.schema import problem_responses

from . import services

ACTION = serializers.DictField(
    help_text="an action as `legal_actions` lists it (`{type, card}` for a card; partnership: "
    '`{type: play, card, marriage}`); also `{type: continue}`: not saying "enough" right '
    "after one's marriage lead (sixty-six), or after a trick (partnership)"
)


def _values(
    name: str, number: type[serializers.Field], **choice: serializers.Field
) -> serializers.Serializer:
    return inline_serializer(
        name,
        {
            "values": serializers.ListField(
                child=inline_serializer(
                    f"{name}Choice", {"action": ACTION, "value": number(), **choice}
                ),
                help_text="every choice weighed, with its value for the deciding seat: game points "
                "of the deal (+3 … −3); partnership: chips, ± the decision's `unit`",
            ),
            "best": number(help_text="the best choice's value"),
            "value": number(help_text="the choice made's value"),
            "loss": number(help_text="best − value: what the choice made cost"),
        },
    )


BID_FIELDS: dict[str, serializers.Field] = {
    "card": serializers.CharField(),
    "level": serializers.ChoiceField(choices=["snapszer", "durchmarsch"]),
    "table_value": serializers.IntegerField(),
    "solo": serializers.BooleanField(help_text="the caller holds the card"),
    "wins": serializers.BooleanField(help_text="the caller's side wins it under best play"),
    "value": serializers.IntegerField(
        help_text="for the caller, in chips: ± the table value, three times for a solo"
    ),
}
EXACT = _values(
    "AnalysisExact",
    serializers.IntegerField,
    match=serializers.ChoiceField(
        choices=["won", "lost"],
        required=False,
        help_text="klub, sixty-six: where the deal decides the match (the choices do not all "
        "lead to the same), what this choice makes of it under best play; absent: it goes on",
    ),
)
OWN = inline_serializer(
    "AnalysisOwn",
    {
        "values": serializers.ListField(
            child=inline_serializer(
                "AnalysisOwnChoice", {"action": ACTION, "value": serializers.FloatField()}
            ),
            help_text="each choice's mean value over the layouts of the unseen cards "
            "consistent with what the seat knew",
        ),
        "best": serializers.FloatField(),
        "value": serializers.FloatField(),
        "loss": serializers.FloatField(),
        "mark": serializers.ChoiceField(
            choices=["inaccuracy", "mistake", "blunder"],
            allow_null=True,
            help_text="the loss's mark at `thresholds`, or null",
        ),
        "layouts": serializers.IntegerField(help_text="how many layouts the means are over"),
        "exhaustive": serializers.BooleanField(
            help_text="true: every consistent layout; false: that many drawn at random (seeded)"
        ),
    },
    allow_null=True,
    help_text="null for a forced choice",
)

DealAnalysisSerializer = inline_serializer(
    "DealAnalysis",
    {
        "version": serializers.IntegerField(help_text="the analysis's own version"),
        "variant": serializers.ChoiceField(choices=["klub", "sixty-six", "partnership"]),
        "seed": serializers.IntegerField(help_text="the seed of its sampled layouts"),
        "thresholds": serializers.DictField(
            child=serializers.FloatField(),
            help_text="the expected loss from which a choice is an inaccuracy, a mistake, a "
            "blunder",
        ),
        "result": inline_serializer(
            "AnalysisResult",
            {
                "winner": serializers.IntegerField(allow_null=True),
                "game_points": serializers.IntegerField(),
                "reason": serializers.CharField(),
            },
        ),
        "decisions": serializers.ListField(
            child=inline_serializer(
                "AnalysisDecision",
                {
                    "index": serializers.IntegerField(),
                    "seat": serializers.IntegerField(),
                    "trick": serializers.IntegerField(
                        help_text="the tricks completed before the decision"
                    ),
                    "action": ACTION,
                    "stand_in": serializers.BooleanField(
                        help_text="the computer played it for a paused player"
                    ),
                    "forced": serializers.BooleanField(help_text="the only choice"),
                    "caller_side": serializers.BooleanField(
                        required=False,
                        help_text="partnership: the seat is on the caller's side",
                    ),
                    "unit": serializers.IntegerField(
                        required=False,
                        help_text="partnership: the hand's value for the seat in chips (the "
                        "table value doubled per doubling, three times for a solo caller); "
                        "every value is ± it, and a mark measures the loss in it",
                    ),
                    "exact": EXACT,
                    "own": OWN,
                },
            )
        ),
        "count": inline_serializer(
            "AnalysisPartnershipCount",
            {
                "trick_counts": serializers.ListField(child=serializers.IntegerField()),
                "side_tricks": serializers.ListField(
                    child=serializers.IntegerField(),
                    help_text="[the caller's side, the opposing side]",
                ),
                "side_points": serializers.IntegerField(),
                "claimed": serializers.BooleanField(
                    help_text="ended by a claim: the cards not yet played count as the "
                    "claiming seat's tricks"
                ),
            },
            required=False,
            help_text="partnership: the hand's final count, as in its deal record",
        ),
        "contract": inline_serializer(
            "AnalysisContract",
            {
                "caller": serializers.IntegerField(),
                **BID_FIELDS,
                "best": serializers.IntegerField(
                    help_text="the best value among the bids that were open to the caller"
                ),
                "loss": serializers.IntegerField(help_text="best − value"),
                "doubled_value": serializers.IntegerField(
                    help_text="the contract played, its doublings included, for the caller"
                ),
                "bids": serializers.ListField(
                    child=inline_serializer(
                        "AnalysisBid",
                        {
                            **BID_FIELDS,
                            "open": serializers.BooleanField(
                                help_text="above the standing bid when the caller made its last bid"
                            ),
                        },
                    ),
                    help_text="every card at both levels",
                ),
            },
            required=False,
            allow_null=True,
            help_text="partnership: what the hand dealt was worth to the caller for every "
            "bid, under best play with every card known (null after an all-pass)",
        ),
        "turning_point": inline_serializer(
            "AnalysisTurningPoint",
            {
                "decision": serializers.IntegerField(),
                "seat": serializers.IntegerField(),
                "rule": serializers.ChoiceField(
                    choices=["lost_under_best_play", "largest_expected_loss"]
                ),
            },
            allow_null=True,
        ),
        "seats": serializers.ListField(
            child=inline_serializer(
                "AnalysisSeat",
                {
                    "seat": serializers.IntegerField(),
                    "decisions": serializers.IntegerField(),
                    "lost_exact": serializers.IntegerField(),
                    "lost_expected": serializers.FloatField(),
                    "inaccuracies": serializers.IntegerField(),
                    "mistakes": serializers.IntegerField(),
                    "blunders": serializers.IntegerField(),
                },
            )
        ),
    },
)

Pending = inline_serializer(
    "DealAnalysisPending",
    {"status": serializers.ChoiceField(choices=["pending"])},
)


class DealAnalysisApi(APIView):
    """Every decision of a finished deal valued, with all cards known and with what the
    deciding seat knew (docs/analysis.md)."""

    @extend_schema(
        tags=["matches"],
        summary="A finished deal's analysis (klub, sixty-six, partnership)",
        parameters=[
            OpenApiParameter(
                "Retry-After",
                int,
                location=OpenApiParameter.HEADER,
                response=[202],
                description="seconds to wait before asking again",
            )
        ],
        responses={
            200: OpenApiResponse(
                DealAnalysisSerializer,
                description="Values in game points of the deal, from the deciding seat's side "
                "(docs/analysis.md).",
            ),
            202: OpenApiResponse(
                Pending,
                description="Being made: ask again after `Retry-After` seconds.",
            ),
            **problem_responses(
                "not_authenticated",
                "match_not_found",
                "analysis_not_offered",
                "deal_not_found",
                "deal_not_over",
                "analysis_failed",
                deal_not_over="the deal is still being played",
            ),
        },
    )
    def get(self, request: MemberRequest, match_id: UUID, number: int) -> Response:
        data = services.analysis_for(match_id=match_id, user=request.user, number=number)
        if data is None:
            return Response(
                {"status": "pending"},
                status=status.HTTP_202_ACCEPTED,
                headers={"Retry-After": str(services.RETRY_AFTER_SECONDS)},
            )
        return Response(data)
