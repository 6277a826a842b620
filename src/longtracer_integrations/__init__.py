"""longtracer_integrations: grounding for LangChain, LlamaIndex and observability tools.

Each integration lives in its own module and needs its extra:
``longtracer_integrations.langchain`` (``[langchain]``),
``longtracer_integrations.llamaindex`` (``[llamaindex]``) and
``longtracer_integrations.observability`` (framework-free; OpenTelemetry needs
``[otel]``). Importing this package imports none of them.
"""

__version__ = "0.1.0"

__all__: list[str] = []
