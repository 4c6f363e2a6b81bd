"""JSON views as an application writes them, with no code for ULID keys."""
import json

from django.core.serializers.json import DjangoJSONEncoder
from django.forms.models import model_to_dict
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404

from .models import Event, Order


def order_detail(request, pk):  # <ulid:pk>: pk is a ULID; malformed text never gets here
    assert type(pk).__name__ == "ULID"
    order = get_object_or_404(Order, pk=pk)
    return JsonResponse({"order": model_to_dict(order),
                         "events": [model_to_dict(e) for e in order.events.order_by("n")]})


def order_by_text(request, pk):  # <str:pk>: a malformed pk is get_object_or_404's to answer
    return JsonResponse(model_to_dict(get_object_or_404(Order, pk=pk)))


def event_list(request):
    events = Event.objects.order_by("n").values("id", "order_id", "n")
    return HttpResponse(json.dumps({"events": list(events)}, cls=DjangoJSONEncoder), content_type="application/json")
